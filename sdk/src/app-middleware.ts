import { defaultBodySerializer, defaultPathSerializer } from 'openapi-fetch';
import type { CallEnv } from './call.js';
import type { CallPlan } from './call-plan.js';
import { ApiConfigError } from './config.js';
import type { MergedOptions, Middleware, ParseAs } from './path-client.js';
import { defaultQuerySerializer, type Wire } from './wire.js';

// The app's middleware stage of a call (call.ts). It is loaded on the first call that has middleware to run, so an
// app that registers none (the sign-in app) never downloads it: issue 30, bytes found for a route at its budget.

/** What openapi-fetch hands each middleware callback beside the request. */
export interface MiddlewareMeta {
  schemaPath: string;
  params: Record<string, unknown>;
  options: Readonly<MergedOptions<unknown>>;
  /** openapi-fetch's per-call id: here the call's request id. */
  id: string;
}

type Params<K extends keyof Middleware> = Parameters<NonNullable<Middleware[K]>>[0];

/**
 * The app's middleware (`api.use()`, a call's `middleware`), run as openapi-fetch runs it: `onRequest` in order on
 * the finished REST-shaped request (headers, request id and idempotency key included), which it may replace or
 * answer itself; `onResponse` in reverse on every answer, error statuses too; `onError` in reverse when no answer
 * came, which it may turn into one.
 */
export async function onRequest(hooks: readonly Middleware[], start: Request, meta: MiddlewareMeta) {
  let request = start;
  for (const m of hooks) {
    if (typeof m.onRequest !== 'function') continue;
    const result: unknown = await m.onRequest({ request, ...meta } as Params<'onRequest'>);
    if (result === undefined) continue;
    if (result instanceof Response) return { request, response: result };
    if (!(result instanceof Request)) {
      throw new ApiConfigError('onRequest: must return new Request() or Response() when modifying the request');
    }
    request = result;
  }
  return { request, response: undefined };
}

export async function onResponse(
  hooks: readonly Middleware[],
  request: Request,
  start: Response,
  meta: MiddlewareMeta,
): Promise<Response> {
  let response = start;
  for (let i = hooks.length - 1; i >= 0; i--) {
    const m = hooks[i];
    if (typeof m?.onResponse !== 'function') continue;
    const result: unknown = await m.onResponse({ request, response, ...meta } as Params<'onResponse'>);
    if (result === undefined) continue;
    if (!(result instanceof Response)) {
      throw new ApiConfigError('onResponse: must return new Response() when modifying the response');
    }
    response = result;
  }
  return response;
}

/** Resolves with the answer a middleware made of the failure, or rejects with the (possibly replaced) error. */
export async function onError(
  hooks: readonly Middleware[],
  request: Request,
  start: unknown,
  meta: MiddlewareMeta,
): Promise<Response> {
  let error = start;
  for (let i = hooks.length - 1; i >= 0; i--) {
    const m = hooks[i];
    if (typeof m?.onError !== 'function') continue;
    const result: unknown = await m.onError({ request, error, ...meta } as Params<'onError'>);
    if (result === undefined) continue;
    if (result instanceof Response) return result;
    if (!(result instanceof Error))
      throw new ApiConfigError('onError: must return new Response() or instance of Error');
    error = result;
  }
  throw error;
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

export function meta(plan: CallPlan, env: CallEnv): MiddlewareMeta {
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
 * The app's `onRequest`, shown the REST-shaped request in proxy mode too: the Request it leaves (to show the answer
 * hooks), the wire to send, or the answer one of them made itself.
 */
export async function requestStage(hooks: readonly Middleware[], rest: Wire, plan: CallPlan, env: CallEnv) {
  const built = toRequest(rest);
  const asked = await onRequest(hooks, built, meta(plan, env));
  const wire = asked.request === built ? sameBody(rest, built.headers) : await wireOf(asked.request);
  return { request: asked.request, early: asked.response, wire };
}
