import type { MergedOptions, Middleware } from 'openapi-fetch';
import { ApiConfigError } from './config.js';

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
