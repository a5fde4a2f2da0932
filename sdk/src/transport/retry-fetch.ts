import ky, { isHTTPError, type Options } from 'ky';
import { ApiCancelError, parseRetryAfter } from '../errors.js';

export interface TryOptions {
  tries: number;
  delayMs: number;
  statusCodes: readonly number[];
  maxRetryAfterMs: number;
  fetch: typeof globalThis.fetch;
}

/** Sends one call (with its tries): the request, and the milliseconds each try may take. */
export type RetryingFetch = (request: Request, timeoutMs: number, signal: AbortSignal) => Promise<Response>;

const ALL_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

/**
 * ky as the `fetch` beneath openapi-fetch, so middleware runs once per call while every try carries the same
 * headers (request id, idempotency key). Retries: 100 ms apart, on the configured statuses, on no response and on
 * a timeout (§8); writes too, since each carries an `Idempotency-Key`. A retryable answer whose `Retry-After`
 * exceeds the cap, and the last failed try, come back as a plain `Response` for the client to type.
 *
 * ky decides when a try starts, times it out and judges its answer; the bytes of each try come from the call. ky is
 * given no headers, body or signal: each would cost Node a copy per call (headers copied four times, a body stream
 * teed for the retry clone, `AbortSignal.any` to join the call's signal with ky's own), and it needs none of them to
 * retry. The call's signal instead joins ky's per-try signal in `sendTry`.
 */
export function retryingFetch(options: TryOptions): RetryingFetch {
  const statusCodes = [...options.statusCodes];
  // Built once per client and shared by its calls: ky only reads them (it re-lower-cases `methods`, already lower).
  const throwHttpErrors = (status: number) => statusCodes.includes(status);
  const retry: Options['retry'] = {
    limit: Math.max(0, options.tries - 1),
    methods: [...ALL_METHODS],
    statusCodes,
    // The delay is the product's constant; a long Retry-After ends the call instead of stretching it.
    afterStatusCodes: [],
    delay: () => options.delayMs,
    retryOnTimeout: true,
    shouldRetry: ({ error }) => {
      if (error.name === 'AbortError' || error instanceof ApiCancelError) return false;
      if (isHTTPError(error)) {
        const seconds = parseRetryAfter(error.response.headers.get('Retry-After'));
        const again = seconds === undefined || seconds * 1000 <= options.maxRetryAfterMs;
        // ky leaves the body of an answer it retries unread; undici holds the connection until it is read or cancelled.
        if (again) error.response.body?.cancel().catch(() => {});
        return again;
      }
      // A timeout, or anything else a fetch throws: no response arrived.
      return true;
    },
  };

  return async (request, timeoutMs, signal) => {
    // Buffered once: every try re-sends these bytes, never a stream (Chromium fails streamed bodies on HTTP/1.1).
    const body = request.body === null ? null : await request.arrayBuffer();
    try {
      return await ky(request.url, {
        method: request.method,
        throwHttpErrors,
        retry,
        timeout: timeoutMs,
        fetch: (attempt) => sendTry(options.fetch, request, body, signal, (attempt as Request).signal),
      });
    } catch (error) {
      // ky has not read the body of the answer it gave up on: openapi-fetch reads it.
      if (isHTTPError(error)) return error.response;
      throw error;
    }
  };
}

/**
 * One try: aborted when ky's timer for it runs out (`trySignal`) or the call is cancelled (`callSignal`), and never
 * started once the call is cancelled, so a cancel between tries sends nothing more.
 */
function sendTry(
  fetch: typeof globalThis.fetch,
  request: Request,
  body: ArrayBuffer | null,
  callSignal: AbortSignal,
  trySignal: AbortSignal,
): Promise<Response> {
  if (callSignal.aborted) return Promise.reject(callSignal.reason);
  // Two listeners on a plain controller: a fraction of what `AbortSignal.any` costs in Node 20.
  const controller = new AbortController();
  const abort = () => controller.abort();
  callSignal.addEventListener('abort', abort, { once: true });
  trySignal.addEventListener('abort', abort, { once: true });
  // A Request, as openapi-fetch itself hands to `fetch`: an override written for one keeps working.
  const init = { method: request.method, headers: request.headers, body, signal: controller.signal };
  return fetch(new Request(request.url, init)).finally(() => {
    callSignal.removeEventListener('abort', abort);
    trySignal.removeEventListener('abort', abort);
  });
}
