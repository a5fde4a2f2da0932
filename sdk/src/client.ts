import { ApiPromise } from './api-promise.js';
import { type CallEnv, type CallResult, run } from './call.js';
import { type CallLabel, logRecord, unsentError } from './call-errors.js';
import { type CallInput, inputOf, type PlanContext, planCall, uploadForm } from './call-plan.js';
import { type ApiClientConfig, ApiConfigError, type ClientOptions, resolveSettings, validateConfig } from './config.js';
import type { AnswerCheck } from './contract/check.js';
import { ApiCancelError, ApiError, UploadError } from './errors.js';
import { buildFacade } from './facade.js';
import type { Facade, OperationArgs, OperationOutput, UploadInput, UploadOutput, UploadPath } from './facade-types.js';
import { type OperationId, operations } from './generated/operations.js';
import { OperationIndex, type OperationTable } from './operation-table.js';
import type { Middleware, PathClient } from './path-client.js';
import { redact, secretsIn } from './redact.js';
import type { CallCancel } from './transport/call-cancel.js';
import { WriteQueue } from './transport/write-queue.js';

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
   * at a time across both), its `cancelAll()` and the middleware given to `use()`. Options it cannot use make a
   * client whose every call rejects with that `ApiConfigError`.
   */
  withOptions(options: ClientOptions): ApiClient<Ids>;
}

/** The client; `Ids` narrows the facade and `invoke` to the operations of a smaller table (`createApiClientFor`). */
export type ApiClient<Ids extends OperationId = OperationId> = PathClient & Facade<Ids> & ApiClientExtras<Ids>;

/**
 * Creates the typed API client: openapi-fetch's path-based methods (`GET`, `POST`, …), the operation facade
 * (`api.users.create({ payload })`), `upload()` and `cancelAll()`, with the product's transport rules (§7–§9).
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  return buildClient(config, operations) as ApiClient;
}

/**
 * `createApiClient` over a given operation table, e.g. `tableOf(authLogin, usersCreate)`: the facade and `invoke`
 * know those operations; path-based calls to other routes still work in direct mode, and in proxy mode and for
 * uploads only the table's operations are allowed.
 */
export function createApiClientFor<T extends OperationTable>(
  config: ApiClientConfig,
  table: T,
): ApiClient<Extract<keyof T, OperationId>> {
  return buildClient(config, table) as ApiClient<Extract<keyof T, OperationId>>;
}

/** `validateResponses: true`'s check, imported with the schemas on the first answer: a client without it loads none. */
const checkAnswer: AnswerCheck = (plan, response, data) =>
  import('./contract/check.js').then((module) => module.checkAnswer(plan, response, data));

/** What a client and the clients `withOptions()` derives from it share. */
type Shared = Pick<CallEnv, 'queue' | 'active'> & { middleware: Middleware[] };

/** Answers an app's own flow handles (sign in again, not there, taken, wait): the default logger leaves them to it. */
const HANDLED_STATUSES = new Set([401, 403, 404, 409, 429]);

const asText = (value: unknown) => (typeof value === 'string' ? value : String(value));

// Untyped on purpose: each public constructor casts to its own `ApiClient<…>`, so the compiler never has to compare
// two instantiations of the 308-operation facade (that comparison alone cost ~50 s of type-checking).
function buildClient(config: ApiClientConfig, table: OperationTable, shared?: Shared): unknown {
  // A derived client (`withOptions`) with options it cannot use rejects every call, as every other bad input does.
  let broken: ApiConfigError | undefined;
  let bases = { endpoint: '', proxy: undefined as string | undefined };
  try {
    bases = validateConfig(config);
  } catch (error) {
    if (!shared || !(error instanceof ApiConfigError)) throw error;
    broken = error;
  }
  const index = new OperationIndex(table);
  const settings = resolveSettings(config);
  const { queue, active, middleware } = shared ?? { queue: new WriteQueue(), active: new Set(), middleware: [] };
  const env: CallEnv = {
    ...bases,
    rules: { ...settings, fetch: config.fetch ?? ((input, init) => globalThis.fetch(input, init)) },
    middleware,
    queue,
    active: active as Set<CallCancel>,
    check: config.validateResponses === true ? checkAnswer : undefined,
  };
  const context: PlanContext = {
    settings,
    apiKey: config.apiKey,
    clientId: config.clientId,
    proxy: bases.proxy !== undefined,
    getAccessToken: config.getAccessToken,
    getGuestPass: config.getGuestPass,
  };
  const logger = config.logger === undefined ? console : config.logger;

  /**
   * Every failed call except a cancel is logged once, after its last try, and re-thrown typed. A logger the app
   * gave hears of every one; the default (`console`) leaves out the answers an app handles (`HANDLED_STATUSES`).
   */
  function fail(label: CallLabel, error: Error): Promise<never> {
    const handled = error instanceof ApiError && HANDLED_STATUSES.has(error.status);
    if (logger && !(error instanceof ApiCancelError) && (config.logger !== undefined || !handled)) {
      logger.error(error.message, logRecord(label, error));
    }
    return Promise.reject(error);
  }

  const secrets = () => (config.apiKey ? [config.apiKey] : []);

  /** Plans and runs a call; whatever goes wrong, even in reading its arguments, rejects the promise. */
  function call(method: string, path: string, id: string | undefined, input: CallInput, form?: FormData) {
    const label = { method, path, operationId: id, requestId: '' };
    try {
      if (broken) return fail(label, broken);
      const plan = planCall(context, method, path, id, id ? index.find(id) : undefined, input, form);
      return run(plan, env).then(
        ({ data, response }) => ({ data, response, requestId: plan.requestId }),
        (error: Error) => fail(plan, error),
      );
    } catch (error) {
      return fail(label, unsentError(label, error, secrets()));
    }
  }

  /** A path-based call (openapi-fetch's `api.GET(path, init)`): its operation is found by method and path. */
  // A missing `init` is none; a `null` one is a malformed call, refused like any other.
  const byPath = (method: string, path: string, init: CallInput = {}): Promise<CallResult> => {
    if (typeof method !== 'string' || typeof path !== 'string') {
      const label = { method: asText(method), path: asText(path), operationId: undefined, requestId: '' };
      return fail(label, new ApiConfigError(`A call takes its method and path template as text, not ${typeof path}.`));
    }
    const name = method.toUpperCase();
    return call(name, path, index.idOf(name, path), init).then(({ data, response }) => ({ data, response }));
  };

  function upload(path: string, input: Record<string, unknown>): ApiPromise<unknown> {
    return new ApiPromise(sendUpload(index.uploadAt(path), asText(path), input));
  }

  function sendUpload(id: string | undefined, path: string, input: Record<string, unknown> | undefined) {
    const operation = id ? index.find(id) : undefined;
    const label = { method: operation?.method ?? 'PUT', path, operationId: id, requestId: '' };
    if (!operation) return fail(label, new ApiConfigError(`Path ${path} is not allowed: it takes no uploads.`));
    let form: FormData;
    let given: CallInput;
    try {
      form = uploadForm(path, input === undefined ? {} : input);
      given = inputOf(input === undefined ? {} : input);
    } catch (error) {
      return fail(label, unsentError(label, error, secrets()));
    }
    return call(operation.method, operation.path, id, given, form).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      const fields = (input?.payload ?? {}) as Record<string, unknown>;
      throw new UploadError({ error, path, fields: redact(fields, [...secrets(), ...secretsIn(fields)]) });
    });
  }

  /** The facade's engine: plans straight from the operationId, never through its path. */
  function invoke(id: string, input?: Record<string, unknown>): ApiPromise<unknown> {
    const operation = index.find(id);
    const label = {
      method: operation?.method ?? '',
      path: operation?.path ?? asText(id),
      operationId: id,
      requestId: '',
    };
    if (!operation) return new ApiPromise(fail(label, new ApiConfigError(`Unknown operation ${asText(id)}.`)));
    if (operation.upload) return new ApiPromise(sendUpload(id, operation.path, input));
    let given: CallInput;
    try {
      given = inputOf(input === undefined ? {} : input);
    } catch (error) {
      return new ApiPromise(fail(label, unsentError(label, error, secrets())));
    }
    return new ApiPromise(call(operation.method, operation.path, id, given));
  }

  const api = {
    GET: (path: string, init?: CallInput) => byPath('GET', path, init),
    PUT: (path: string, init?: CallInput) => byPath('PUT', path, init),
    POST: (path: string, init?: CallInput) => byPath('POST', path, init),
    PATCH: (path: string, init?: CallInput) => byPath('PATCH', path, init),
    DELETE: (path: string, init?: CallInput) => byPath('DELETE', path, init),
    HEAD: (path: string, init?: CallInput) => byPath('HEAD', path, init),
    OPTIONS: (path: string, init?: CallInput) => byPath('OPTIONS', path, init),
    TRACE: (path: string, init?: CallInput) => byPath('TRACE', path, init),
    request: byPath,
    // The app's middleware is kept here and run by the call pipeline, after the SDK has finished the request.
    use(...added: Middleware[]) {
      for (const m of added) {
        if (!m) continue;
        if (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m)) {
          throw new ApiConfigError('Middleware must be an object with onRequest(), onResponse() or onError().');
        }
        middleware.push(m);
      }
    },
    eject(...removed: Middleware[]) {
      for (const m of removed) {
        const at = middleware.indexOf(m);
        if (at !== -1) middleware.splice(at, 1);
      }
    },
    cancelAll() {
      for (const cancel of [...active]) (cancel as CallCancel).cancel();
    },
    upload,
    invoke,
    withOptions(options: ClientOptions) {
      const merged = { ...config, ...options, retry: { ...config.retry, ...options.retry } };
      return buildClient(merged, table, { queue, active, middleware });
    },
  };
  return Object.assign(api, buildFacade(index.table, invoke));
}
