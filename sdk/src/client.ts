import createClient, { type Client, defaultBodySerializer, type Middleware } from 'openapi-fetch';
import { ApiPromise, type WithResponse } from './api-promise.js';
import { CALL_MARK, type CallContext, markedBody } from './call-context.js';
import { emptyBodyError, logRecord, typedError } from './call-errors.js';
import { type HeadersLike, headerOf, IDEMPOTENCY_KEY_HEADER, REQUEST_ID_HEADER } from './call-headers.js';
import { type ApiClientConfig, ApiConfigError, type ClientOptions, resolveSettings, validateConfig } from './config.js';
import { ApiCancelError, ApiError, UploadError } from './errors.js';
import { buildFacade } from './facade.js';
import type { Facade, OperationArgs, OperationOutput, UploadInput, UploadOutput, UploadPath } from './facade-types.js';
import { type OperationId, operations } from './generated/operations.js';
import type { paths } from './generated/schema.js';
import { credentialQuery, credentials } from './middleware/credentials.js';
import { errors } from './middleware/errors.js';
import { proxyMode } from './middleware/proxy-mode.js';
import { requestIds } from './middleware/request-ids.js';
import { OperationIndex, type OperationTable, writeByMethod } from './operation-table.js';
import { pathParamProblem } from './path-params.js';
import { redact, secretsIn } from './redact.js';
import { newRequestId } from './request-id.js';
import { CallCancel } from './transport/call-cancel.js';
import { retryingFetch } from './transport/retry-fetch.js';
import { WriteQueue } from './transport/write-queue.js';

/** The options a path-based call accepts (openapi-fetch's), loosely typed for the client's own plumbing. */
interface CallInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: HeadersLike };
  headers?: HeadersLike;
  body?: unknown;
  signal?: AbortSignal | null;
  parseAs?: string;
  middleware?: Middleware[];
  /** The facade's per-call options (`CallOptions`). */
  timeout?: number;
  retries?: number;
  [option: string]: unknown;
}

interface CallResult {
  data?: unknown;
  error?: unknown;
  response: Response;
  /** The call's request id, for `.withResponse()`. */
  [SENT_ID]?: string;
}

const SENT_ID = Symbol('requestId');

type BodySerializer = (body: unknown, headers: unknown) => unknown;

type LooseRequest = (method: string, path: string, init: Record<string, unknown>) => Promise<CallResult>;

export interface ApiClientExtras<Ids extends OperationId = OperationId> {
  /** Cancels every call in flight, between tries or queued (§4); they reject with `ApiCancelError`. */
  cancelAll(): void;
  /** Uploads a file with payload fields as multipart to an `x-upload` route (§7); resolves with the response data. */
  upload<P extends UploadPath>(path: P, input: UploadInput<P>): ApiPromise<UploadOutput<P>>;
  /** Calls an operation by its id, e.g. `invoke('users.create', { payload })`: the facade's engine. */
  invoke<K extends Ids>(id: K, ...args: OperationArgs<K>): ApiPromise<OperationOutput<K>>;
  /**
   * A client with some options changed (`timeoutMs`, `retry`, `logger`, `getAccessToken`, …), e.g.
   * `api.withOptions({ timeoutMs: 30_000 })` for a slow report. It shares this client's write queue (writes stay one
   * at a time across both), its `cancelAll()` and the middleware given to `use()`.
   */
  withOptions(options: ClientOptions): ApiClient<Ids>;
}

/** The client; `Ids` narrows the facade and `invoke` to the operations of a smaller table (`createApiClientFor`). */
export type ApiClient<Ids extends OperationId = OperationId> = Client<paths> & Facade<Ids> & ApiClientExtras<Ids>;

/** Settles at once when the call is cancelled, even if whatever is beneath ignores the abort. */
function untilCancelled<T>(promise: Promise<T>, cancel: CallCancel): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const off = cancel.onCancel(() => reject(CallCancel.error()));
    promise.then(
      (value) => {
        off();
        resolve(value);
      },
      (error: unknown) => {
        off();
        reject(error);
      },
    );
  });
}

const NOTHING = () => {};

/** Cancels the call when the caller's own signal aborts; returns what stops following it. */
function follow(signal: AbortSignal | null | undefined, cancel: CallCancel): () => void {
  if (!signal) return NOTHING;
  // Everything beneath sees a plain AbortError and stops retrying; the caller's reason becomes the error's `cause`.
  if (signal.aborted) {
    cancel.cancel(signal.reason);
    return NOTHING;
  }
  const onAbort = () => cancel.cancel(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

/**
 * Creates the typed API client: openapi-fetch's path-based methods (`GET`, `POST`, `PUT`, `PATCH`, `DELETE`), the
 * operation facade (`api.users.create({ payload })`), `upload()` and `cancelAll()`, with the product's transport
 * rules (§7–§9): retries beneath the middleware, writes one at a time in call order, a stable request id and
 * idempotency key per call, typed and redacted errors, and direct or proxy mode.
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  return buildClient(config, operations) as ApiClient;
}

/**
 * `createApiClient` over a given operation table, e.g. `tableOf(authLogin, usersCreate)`: the facade and `invoke`
 * know those operations; path-based calls to other routes still work in direct mode (they get the access token when
 * one is held), and in proxy mode and for uploads only the table's operations are allowed.
 */
export function createApiClientFor<T extends OperationTable>(
  config: ApiClientConfig,
  table: T,
): ApiClient<Extract<keyof T, OperationId>> {
  return buildClient(config, table) as ApiClient<Extract<keyof T, OperationId>>;
}

/** What a client and the clients `withOptions()` derives from it share. */
interface Shared {
  queue: WriteQueue;
  active: Set<CallCancel>;
  /** The app's middleware (`use()`), run on every call of each of them. */
  middleware: Middleware[];
}

/** Answers an app's own flow handles (sign in again, not there, taken, wait): the default logger leaves them to it. */
const HANDLED_STATUSES = new Set([401, 403, 404, 409, 429]);

/** Whether the default logger prints a failure: an outage, a defect or a malformed call, not an answer the app expects. */
function worthPrinting(error: Error): boolean {
  return !(error instanceof ApiError && HANDLED_STATUSES.has(error.status));
}

const asText = (value: unknown) => (typeof value === 'string' ? value : String(value));

// Untyped on purpose: each public constructor casts to its own `ApiClient<…>`, so the compiler never has to compare
// two instantiations of the 308-operation facade (that comparison alone cost ~50 s of type-checking).
function buildClient(config: ApiClientConfig, table: OperationTable, shared?: Shared): unknown {
  const bases = validateConfig(config);
  const index = new OperationIndex(table);
  const settings = resolveSettings(config);
  const baseFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const logger = config.logger === undefined ? console : config.logger;
  const printAll = config.logger !== undefined;
  // In proxy mode the key stays on the server: this client never sends it, whatever it was given.
  const credentialHeaders = credentials({ apiKey: bases.proxy ? undefined : config.apiKey, clientId: config.clientId });

  const client = createClient<paths>({ baseUrl: bases.endpoint });
  const request = client.request.bind(client) as unknown as LooseRequest;
  const transport = retryingFetch({ ...settings, fetch: baseFetch });
  const {
    queue,
    active,
    middleware: appMiddleware,
  } = shared ?? {
    queue: new WriteQueue(),
    active: new Set<CallCancel>(),
    middleware: [],
  };

  async function send(ctx: CallContext, init: CallInit): Promise<CallResult> {
    const { signal: _signal, middleware, timeout: _timeout, retries: _retries, ...rest } = init;
    // The transport rules, each its own middleware, after the app's: the app sees the REST-shaped call. The errors
    // rule comes first, so it judges the answer last: the app's middleware sees every answer, error statuses too
    // (openapi-fetch's semantics), and every failure without an answer in `onError`.
    const rules: Middleware[] = [
      errors(ctx),
      ...appMiddleware,
      ...(middleware ?? []),
      credentialHeaders,
      requestIds(ctx),
    ];
    if (bases.proxy) rules.push(proxyMode(ctx, bases.proxy));
    const parseAs = ctx.parseAs ?? 'json';
    const serialize = (rest.bodySerializer as BodySerializer | undefined) ?? defaultBodySerializer;
    const query = credentialQuery(ctx, rest.params?.query);
    const result = await request(ctx.method, ctx.path, {
      ...rest,
      ...(query === rest.params?.query ? {} : { params: { ...rest.params, query } }),
      parseAs: parseAs === 'none' ? 'json' : parseAs,
      // The call's signal goes to the transport alone: every Request that carries a signal costs one more in Node.
      fetch: (input: Request) => transport(input, ctx, markedBody(input, ctx)),
      middleware: rules,
      // openapi-fetch copies unknown options onto the Request it builds: the mark that its body is `ctx.sentBody`.
      [CALL_MARK]: ctx,
      ...(ctx.form
        ? { body: {}, bodySerializer: () => ctx.form }
        : {
            bodySerializer: (body: unknown, headers: unknown) => {
              const text = serialize(body, headers);
              if (typeof text === 'string') ctx.sentBody = text;
              return text;
            },
          }),
    });
    if (result.data === undefined && parseAs !== 'none' && ctx.operation && !init.parseAs) {
      throw emptyBodyError(ctx, result.response);
    }
    return result;
  }

  /** The context of a call that could not even be read (a malformed argument): enough to type, log and reject it. */
  function bareContext(method: unknown, path: unknown): CallContext {
    const name = asText(method).toUpperCase();
    return {
      method: name,
      path: asText(path),
      operationId: typeof path === 'string' ? index.idOf(name, path) : undefined,
      operation: undefined,
      parseAs: undefined,
      write: false,
      requestId: '',
      token: undefined,
      guestPass: undefined,
      cancel: new CallCancel(),
      timeoutMs: settings.timeoutMs,
      maxTries: settings.tries,
      form: undefined,
      tries: 0,
      answered: false,
      response: undefined,
      sentBody: undefined,
      secrets: () => (config.apiKey ? [config.apiKey] : []),
    };
  }

  /** Every call's way in: whatever goes wrong, even in reading its arguments, comes back as a rejected promise. */
  function call(method: string, path: string, init: CallInit = {}, form?: FormData): Promise<CallResult> {
    let ctx: CallContext | undefined;
    try {
      ctx = contextOf(method.toUpperCase(), path, init, form);
      return start(ctx, init);
    } catch (error) {
      return fail(ctx ?? bareContext(method, path), error);
    }
  }

  function contextOf(method: string, path: string, init: CallInit, form: FormData | undefined): CallContext {
    const operationId = index.idOf(method, path);
    const operation = operationId ? index.find(operationId) : undefined;
    const requestId =
      headerOf(init.headers, REQUEST_ID_HEADER) ?? headerOf(init.params?.header, REQUEST_ID_HEADER) ?? newRequestId();
    // The table says which operations take the access token; a route outside it gets the token when one is held.
    const heldToken = config.getAccessToken?.() || undefined;
    const token = operation?.token !== false ? heldToken : undefined;
    const heldPass = config.getGuestPass?.() || undefined;
    const guestPass = operation?.guest ? heldPass : undefined;
    return {
      method,
      path,
      operationId,
      operation,
      parseAs: init.parseAs ?? operation?.parseAs,
      // The table's flag; only a route outside the table falls back to its method.
      write: operation ? operation.write : writeByMethod(method),
      requestId,
      token,
      guestPass,
      cancel: new CallCancel(),
      timeoutMs: init.timeout ?? (form ? settings.uploadTimeoutMs : settings.timeoutMs),
      maxTries: init.retries === undefined ? settings.tries : init.retries + 1,
      form,
      tries: 0,
      answered: false,
      response: undefined,
      sentBody: undefined,
      secrets: () => [
        ...(config.apiKey ? [config.apiKey] : []),
        ...(heldToken ? [heldToken] : []),
        ...(heldPass ? [heldPass] : []),
        ...secretsIn(init.body),
        ...secretsIn(init.params?.path),
        ...secretsIn(init.params?.query),
      ],
    };
  }

  function start(ctx: CallContext, init: CallInit): Promise<CallResult> {
    const problem = pathParamProblem(ctx.path, init.params?.path) ?? optionProblem(init);
    if (problem) return fail(ctx, new ApiConfigError(problem));
    const { cancel, requestId, operationId } = ctx;
    active.add(cancel);
    const unfollow = follow(init.signal, cancel);
    const run = () => untilCancelled(send(ctx, init), cancel);
    const cancelled = () => new ApiCancelError({ requestId, operationId, cause: cancel.reason });
    const settled = ctx.write ? queue.run(run, cancel, cancelled) : run();
    const done = () => {
      unfollow();
      active.delete(cancel);
    };
    return settled.then(
      (result) => {
        done();
        result[SENT_ID] = requestId;
        return result;
      },
      (error: unknown) => {
        done();
        return fail(ctx, error);
      },
    );
  }

  /**
   * Every failed call except a cancel is logged once, after its last try, and re-thrown typed. A logger the app gave
   * hears of every one; the default (`console`) leaves out the answers an app handles (`HANDLED_STATUSES`).
   */
  function fail(ctx: CallContext, error: unknown): Promise<never> {
    const typed = typedError(ctx, error);
    if (logger && !(typed instanceof ApiCancelError) && (printAll || worthPrinting(typed))) {
      logger.error(typed.message, logRecord(ctx, typed));
    }
    return Promise.reject(typed);
  }

  /** The body and the answer of a call: what `.withResponse()` gives. */
  const outcomeOf = <T>(settled: Promise<CallResult>): Promise<WithResponse<T>> =>
    settled.then((result) => ({
      data: result.data as T,
      response: result.response,
      requestId: result[SENT_ID] ?? '',
    }));

  function upload(path: string, input: Record<string, unknown>): ApiPromise<unknown> {
    return new ApiPromise(outcomeOf(sendUpload(path, input)));
  }

  function sendUpload(path: string, input: Record<string, unknown>): Promise<CallResult> {
    try {
      const id = index.uploadAt(path);
      const operation = id ? index.find(id) : undefined;
      if (!operation) return Promise.reject(new ApiConfigError(`Path ${path} is not allowed: it takes no uploads.`));
      const fields = (input.payload ?? {}) as Record<string, unknown>;
      const file = input.file;
      if (!(file instanceof Blob)) return Promise.reject(new ApiConfigError(`An upload to ${path} needs a file.`));
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (value !== undefined) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
      }
      const fileName = (input.fileName as string | undefined) ?? (file as File).name ?? 'file';
      form.append('file', file, fileName);
      return call(operation.method, operation.path, initOf(input), form).catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        const secrets = [...(config.apiKey ? [config.apiKey] : []), ...secretsIn(fields)];
        throw new UploadError({ error, path, fields: redact(fields, secrets) });
      });
    } catch (error) {
      return fail(bareContext('PUT', path), error);
    }
  }

  function invoke(id: string, input: Record<string, unknown> = {}): ApiPromise<unknown> {
    const settled = (() => {
      try {
        const operation = index.find(id);
        if (!operation) return Promise.reject(new ApiConfigError(`Unknown operation ${asText(id)}.`));
        if (operation.upload) return sendUpload(operation.path, input);
        return call(operation.method, operation.path, { ...initOf(input), body: input.payload });
      } catch (error) {
        return fail(bareContext('', id), error);
      }
    })();
    return new ApiPromise(outcomeOf(settled));
  }

  const method =
    (name: string) =>
    (path: string, init?: CallInit): Promise<CallResult> =>
      call(name, path, init);

  const api = Object.assign(client, {
    GET: method('GET'),
    PUT: method('PUT'),
    POST: method('POST'),
    PATCH: method('PATCH'),
    DELETE: method('DELETE'),
    HEAD: method('HEAD'),
    OPTIONS: method('OPTIONS'),
    request: (name: string, path: string, init?: CallInit) => call(name, path, init),
    // The app's middleware is kept here, not in openapi-fetch, so the SDK's own rules can stand around it.
    use(...added: Middleware[]) {
      for (const m of added) {
        if (!m) continue;
        if (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m)) {
          throw new ApiConfigError('Middleware must be an object with onRequest(), onResponse() or onError().');
        }
        appMiddleware.push(m);
      }
    },
    eject(...removed: Middleware[]) {
      for (const m of removed) {
        const at = appMiddleware.indexOf(m);
        if (at !== -1) appMiddleware.splice(at, 1);
      }
    },
    cancelAll() {
      for (const cancel of [...active]) cancel.cancel();
    },
    upload,
    invoke,
    withOptions(options: ClientOptions) {
      return buildClient({ ...config, ...options, retry: { ...config.retry, ...options.retry } }, table, {
        queue,
        active,
        middleware: appMiddleware,
      });
    },
  });
  return Object.assign(api, buildFacade(index.table, invoke));
}

/** What is wrong with a call's own options, if anything. */
function optionProblem(init: CallInit): string | undefined {
  const { timeout, retries } = init;
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0 && timeout <= 2_147_483_647)) {
    return `Invalid call option: timeout ${JSON.stringify(timeout)} is not a number of milliseconds above 0.`;
  }
  if (retries !== undefined && !(Number.isInteger(retries) && retries >= 0)) {
    return `Invalid call option: retries ${JSON.stringify(retries)} is not a whole number from 0.`;
  }
  return undefined;
}

/** The facade's `{ params, query, headers, signal, timeout, retries, idempotencyKey }` as path-based call options. */
function initOf(input: Record<string, unknown>): CallInit {
  const params: NonNullable<CallInit['params']> = {};
  if (input.params) params.path = input.params as Record<string, unknown>;
  if (input.query) params.query = input.query as Record<string, unknown>;
  const init: CallInit = { params };
  const { headers, signal, timeout, retries, idempotencyKey } = input;
  if (headers) init.headers = headers as HeadersLike;
  if (idempotencyKey !== undefined) {
    if (typeof idempotencyKey !== 'string' || !idempotencyKey) {
      throw new ApiConfigError(`Invalid call option: idempotencyKey ${JSON.stringify(idempotencyKey)} is not a text.`);
    }
    const withKey = new Headers(headers as ConstructorParameters<typeof Headers>[0]);
    withKey.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    init.headers = withKey;
  }
  if (signal) init.signal = signal as AbortSignal;
  if (timeout !== undefined) init.timeout = timeout as number;
  if (retries !== undefined) init.retries = retries as number;
  return init;
}
