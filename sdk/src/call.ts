import { judge } from './answer.js';
import { type Stage, typedError } from './call-errors.js';
import type { CallPlan } from './call-plan.js';
import type { AnswerCheck } from './contract/check.js';
import { ApiCancelError } from './errors.js';
import type { Middleware } from './path-client.js';
import { CallCancel } from './transport/call-cancel.js';
import { NoAnswer, sendTries, type TryRules } from './transport/tries.js';
import type { WriteQueue } from './transport/write-queue.js';
import { proxyWire, restWire, type Wire } from './wire.js';

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
    const app = hooks.length ? await loadMiddleware() : undefined;
    if (app) ({ request, early, wire } = await app.requestStage(hooks, rest, plan, env));
    if (env.proxy) wire = proxyWire(plan, env.proxy, wire.headers);
    stage = 'tries';
    let response: Response;
    let tries = 0;
    if (early) response = early;
    else {
      try {
        ({ response, tries } = await sendTries(wire, plan, cancel, env.rules));
      } catch (error) {
        if (!(error instanceof NoAnswer) || !app || !request || cancel.aborted) throw error;
        response = await app.onError(hooks, request, error.error, app.meta(plan, env)).catch((replaced: unknown) => {
          throw new NoAnswer(replaced, error.tries);
        });
      }
    }
    stage = 'after';
    if (app && request) response = await app.onResponse(hooks, request, response, app.meta(plan, env));
    const data = await judge(plan, response, tries);
    if (env.check) await env.check(plan, response, data);
    return { data, response };
  } catch (error) {
    throw typedError(plan, error, stage, cancel);
  }
}

type AppMiddleware = typeof import('./app-middleware.js');

let appMiddleware: Promise<AppMiddleware> | undefined;

/** The middleware stage, imported on the first call that has middleware; a failed import is asked again next time. */
function loadMiddleware(): Promise<AppMiddleware> {
  appMiddleware ??= import('./app-middleware.js').catch((error: unknown) => {
    appMiddleware = undefined;
    throw error;
  });
  return appMiddleware;
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
