import { defaultBodySerializer, defaultPathSerializer, type Middleware, type ParseAs } from 'openapi-fetch';
import { judge } from './answer.js';
import { type MiddlewareMeta, onError, onRequest, onResponse } from './app-middleware.js';
import { type Stage, typedError } from './call-errors.js';
import type { CallPlan } from './call-plan.js';
import type { AnswerCheck } from './contract/check.js';
import { ApiCancelError } from './errors.js';
import { CallCancel } from './transport/call-cancel.js';
import { NoAnswer, sendTries, type TryRules } from './transport/tries.js';
import type { WriteQueue } from './transport/write-queue.js';
import { defaultQuerySerializer, proxyWire, restWire, type Wire } from './wire.js';

/** What a settled call gives: openapi-fetch's `{ data, response }`. */
export interface CallResult {
  data?: unknown;
  response: Response;
}

/** What every call of a client reads: its bases, its retry rules and its app middleware. */
export interface CallEnv {
  readonly endpoint: string;
  /** Proxy mode's base, or undefined in direct mode. */
  readonly proxy: string | undefined;
  readonly rules: TryRules;
  /** The app's middleware (`use()`), shared with the clients `withOptions()` derives; read at each call. */
  readonly middleware: readonly Middleware[];
  readonly queue: WriteQueue;
  /** The calls in flight, for `cancelAll()`. */
  readonly active: Set<CallCancel>;
  /** `validateResponses: true`'s check of a success's data (contract/check.ts). */
  readonly check?: AnswerCheck | undefined;
}

/**
 * One call through its stages, each in its own file: the wire from the plan (`wire.ts`), the app's `onRequest`
 * (`app-middleware.ts`), every try in ky (`transport/tries.ts`), the app's `onResponse` or `onError`, then the answer
 * judged into data or a typed error (`answer.ts`, `call-errors.ts`). What a stage learns is passed to the next; the
 * plan is only read.
 */
async function send(plan: CallPlan, env: CallEnv, cancel: CallCancel): Promise<CallResult> {
  let stage: Stage = 'before';
  try {
    const hooks = plan.input.middleware?.length ? [...env.middleware, ...plan.input.middleware] : env.middleware;
    const rest = restWire(plan, env.endpoint);
    let wire: Wire = rest;
    let request: Request | undefined;
    let early: Response | undefined;
    if (hooks.length) {
      // The app sees the REST-shaped request, in proxy mode too.
      const built = toRequest(rest);
      const asked = await onRequest(hooks, built, meta(plan, env));
      request = asked.request;
      early = asked.response;
      wire = request === built ? sameBody(rest, built.headers) : await wireOf(request);
    }
    if (env.proxy) wire = proxyWire(plan, env.proxy, wire.headers);
    stage = 'tries';
    let response: Response;
    let tries = 0;
    if (early) response = early;
    else {
      try {
        ({ response, tries } = await sendTries(wire, plan, cancel, env.rules));
      } catch (error) {
        if (!(error instanceof NoAnswer) || !request || cancel.aborted) throw error;
        response = await onError(hooks, request, error.error, meta(plan, env)).catch((replaced: unknown) => {
          throw new NoAnswer(replaced, error.tries);
        });
      }
    }
    stage = 'after';
    if (request) response = await onResponse(hooks, request, response, meta(plan, env));
    const data = await judge(plan, response, tries);
    if (env.check) await env.check(plan, response, data);
    return { data, response };
  } catch (error) {
    throw typedError(plan, error, stage, cancel);
  }
}

/** A wire's Request, for the app's middleware. */
function toRequest(wire: Wire): Request {
  return new Request(wire.url, { method: wire.method, headers: wire.headers, body: wire.body ?? null });
}

/**
 * The wire with the headers the app's middleware left on the Request it was shown. A multipart body is sent as the
 * form, whose boundary fetch writes again: the Request's own Content-Type (its boundary) must not go with it.
 */
function sameBody(rest: Wire, headers: Headers): Wire {
  if (rest.body instanceof FormData) headers.delete('content-type');
  return { ...rest, headers };
}

/** The wire of a Request the app's middleware made instead, its body read once so every try re-sends it. */
async function wireOf(request: Request): Promise<Wire> {
  const body = request.body === null ? undefined : await request.arrayBuffer();
  return { url: request.url, method: request.method, headers: request.headers, body };
}

function meta(plan: CallPlan, env: CallEnv): MiddlewareMeta {
  const { input } = plan;
  return {
    schemaPath: plan.path,
    params: { path: plan.params, query: plan.query, header: input.params?.header },
    options: Object.freeze({
      baseUrl: env.endpoint,
      parseAs: plan.parseAs as ParseAs,
      fetch: env.rules.fetch,
      querySerializer: defaultQuerySerializer,
      bodySerializer: defaultBodySerializer,
      pathSerializer: defaultPathSerializer,
    }),
    id: plan.requestId,
  };
}

/**
 * Runs a planned call: writes one at a time in call order (§9), every call cancellable by `cancelAll()` or its own
 * `signal`, and settled at once on a cancel even if whatever is beneath ignores the abort.
 */
export function run(plan: CallPlan, env: CallEnv): Promise<CallResult> {
  const cancel = new CallCancel();
  const { requestId, operationId } = plan;
  env.active.add(cancel);
  const unfollow = follow(plan.input.signal, cancel);
  const go = () => untilCancelled(send(plan, env, cancel), cancel);
  const cancelled = () => new ApiCancelError({ requestId, operationId, cause: cancel.reason });
  const settled = plan.write ? env.queue.run(go, cancel, cancelled) : go();
  const done = () => {
    unfollow();
    env.active.delete(cancel);
  };
  return settled.then(
    (result) => {
      done();
      return result;
    },
    (error: unknown) => {
      done();
      throw typedError(plan, error, 'tries', cancel);
    },
  );
}

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
