import { type HeadersLike, headerOf, IDEMPOTENCY_KEY_HEADER, REQUEST_ID_HEADER } from './call-headers.js';
import { ApiConfigError, type ResolvedSettings } from './config.js';
import { type OperationSpec, writeByMethod } from './operation-table.js';
import type { Middleware } from './path-client.js';
import { pathParamProblem } from './path-params.js';
import { secretsIn } from './redact.js';
import { newRequestId } from './request-id.js';

/** What a path-based call takes (openapi-fetch's options) plus the facade's per-call options. */
export interface CallInput {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: HeadersLike };
  headers?: HeadersLike;
  body?: unknown;
  signal?: AbortSignal | null;
  parseAs?: string;
  middleware?: Middleware[];
  querySerializer?: unknown;
  bodySerializer?: unknown;
  timeout?: number;
  retries?: number;
  [option: string]: unknown;
}

/** The credentials a call carries, already narrowed to what its operation takes (§7). */
export interface CallCredentials {
  /** `X-Api-Key`: direct mode only. */
  readonly apiKey: string | undefined;
  /** `X-Client-Id`, or the envelope's `clientId` in proxy mode. */
  readonly clientId: string | undefined;
  /** The `accessToken` query parameter, when the operation takes it and one is held. */
  readonly token: string | undefined;
  /** The `guestPass` query parameter, the same way. */
  readonly guestPass: string | undefined;
}

/**
 * One call, planned once from its operation and inputs before anything is sent, and read (never written) by every
 * stage after: the wire format, the tries, the judging of the answer, the error and the log record.
 */
export interface CallPlan {
  readonly operationId: string | undefined;
  readonly operation: OperationSpec | undefined;
  readonly method: string;
  /** The path template, e.g. `/users/{email}/has2fa`. */
  readonly path: string;
  readonly params: Readonly<Record<string, unknown>> | undefined;
  /** The caller's query, credentials aside. */
  readonly query: Readonly<Record<string, unknown>> | undefined;
  /** The JSON payload, or undefined. */
  readonly payload: unknown;
  /** An upload's multipart fields (payload fields and `file`). */
  readonly form: FormData | undefined;
  /** `X-Request-Id`: the same on every try. */
  readonly requestId: string;
  /** `Idempotency-Key`: on a write, the caller's or the request id (§9); else only one the caller gave. */
  readonly idempotencyKey: string | undefined;
  /** Queued one at a time (§9): the table's `write` flag; a route outside the table goes by its method. */
  readonly write: boolean;
  readonly credentials: CallCredentials;
  /** How the success body is read: the caller's `parseAs`, else the table's, else JSON. */
  readonly parseAs: string;
  /** Whether a success must carry a body: the table promises one and the caller did not choose how to read it. */
  readonly promisesBody: boolean;
  /** Milliseconds each try may take. */
  readonly timeoutMs: number;
  /** Tries the call may take, the first included. */
  readonly tries: number;
  /** The caller's own options: headers, signal, serializers, per-call middleware. */
  readonly input: Readonly<CallInput>;
  /** Values that must never reach a log or an error message. */
  secrets(): string[];
}

/** What a client holds that every plan reads. */
export interface PlanContext {
  readonly settings: ResolvedSettings;
  readonly apiKey: string | undefined;
  readonly clientId: string | undefined;
  /** Proxy mode: the API key is never sent. */
  readonly proxy: boolean;
  readonly getAccessToken: (() => string | null | undefined) | undefined;
  readonly getGuestPass: (() => string | null | undefined) | undefined;
}

/**
 * Plans a call. `operation` is the table's row (undefined for a route outside the table); `form` is an upload's
 * body. Throws `ApiConfigError` for a call that must not be sent: a path parameter that is missing or would change
 * the path, a bad `timeout` or `retries`.
 */
export function planCall(
  context: PlanContext,
  method: string,
  path: string,
  operationId: string | undefined,
  operation: OperationSpec | undefined,
  input: CallInput,
  form?: FormData,
): CallPlan {
  const problem = pathParamProblem(path, input.params?.path) ?? optionProblem(input);
  if (problem) throw new ApiConfigError(problem);
  const { settings } = context;
  const requestId =
    headerOf(input.headers, REQUEST_ID_HEADER) ?? headerOf(input.params?.header, REQUEST_ID_HEADER) ?? newRequestId();
  const write = operation ? operation.write : writeByMethod(method);
  const givenKey =
    headerOf(input.headers, IDEMPOTENCY_KEY_HEADER) ?? headerOf(input.params?.header, IDEMPOTENCY_KEY_HEADER);
  // The table says which operations take the access token; a route outside it gets the token when one is held.
  const heldToken = context.getAccessToken?.() || undefined;
  const heldPass = context.getGuestPass?.() || undefined;
  const parseAs = input.parseAs ?? operation?.parseAs ?? 'json';
  const plan: CallPlan = {
    operationId,
    operation,
    method,
    path,
    params: input.params?.path,
    query: input.params?.query,
    payload: input.body,
    form,
    requestId,
    idempotencyKey: givenKey ?? (write ? requestId : undefined),
    write,
    credentials: {
      apiKey: context.proxy ? undefined : context.apiKey,
      clientId: context.clientId,
      token: operation?.token !== false ? heldToken : undefined,
      guestPass: operation?.guest ? heldPass : undefined,
    },
    parseAs,
    promisesBody: operation !== undefined && input.parseAs === undefined && parseAs !== 'none',
    timeoutMs: input.timeout ?? (form ? settings.uploadTimeoutMs : settings.timeoutMs),
    tries: input.retries === undefined ? settings.tries : input.retries + 1,
    input,
    secrets: () => [
      ...(context.apiKey ? [context.apiKey] : []),
      ...(heldToken ? [heldToken] : []),
      ...(heldPass ? [heldPass] : []),
      ...secretsIn(input.body),
      ...secretsIn(input.params?.path),
      ...secretsIn(input.params?.query),
    ],
  };
  return Object.freeze(plan);
}

/** What is wrong with a call's own options, if anything. */
function optionProblem(input: CallInput): string | undefined {
  const { timeout, retries } = input;
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0 && timeout <= 2_147_483_647)) {
    return `Invalid call option: timeout ${JSON.stringify(timeout)} is not a number of milliseconds above 0.`;
  }
  if (retries !== undefined && !(Number.isInteger(retries) && retries >= 0)) {
    return `Invalid call option: retries ${JSON.stringify(retries)} is not a whole number from 0.`;
  }
  return undefined;
}

/** The facade's `{ params, query, payload, headers, signal, timeout, retries, idempotencyKey }` as call input. */
export function inputOf(input: Record<string, unknown>): CallInput {
  const params: NonNullable<CallInput['params']> = {};
  if (input.params) params.path = input.params as Record<string, unknown>;
  if (input.query) params.query = input.query as Record<string, unknown>;
  const out: CallInput = { params };
  const { headers, signal, timeout, retries, idempotencyKey, payload } = input;
  if (payload !== undefined) out.body = payload;
  if (headers) out.headers = headers as HeadersLike;
  if (idempotencyKey !== undefined) {
    if (typeof idempotencyKey !== 'string' || !idempotencyKey) {
      throw new ApiConfigError(`Invalid call option: idempotencyKey ${JSON.stringify(idempotencyKey)} is not a text.`);
    }
    const withKey = new Headers(headers as ConstructorParameters<typeof Headers>[0]);
    withKey.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    out.headers = withKey;
  }
  if (signal) out.signal = signal as AbortSignal;
  if (timeout !== undefined) out.timeout = timeout as number;
  if (retries !== undefined) out.retries = retries as number;
  return out;
}

/** An upload's multipart fields: the payload's (JSON text for anything but a string), then `file`. */
export function uploadForm(path: string, input: Record<string, unknown>): FormData {
  const file = input.file;
  if (!(file instanceof Blob)) throw new ApiConfigError(`An upload to ${path} needs a file.`);
  const form = new FormData();
  for (const [name, value] of Object.entries((input.payload ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  form.append('file', file, (input.fileName as string | undefined) ?? (file as File).name ?? 'file');
  return form;
}
