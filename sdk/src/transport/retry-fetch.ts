import ky, { type HTTPError, isHTTPError, type Options } from 'ky';
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
 */
export function retryingFetch(options: TryOptions): RetryingFetch {
  const statusCodes = [...options.statusCodes];
  const shared: Options = {
    throwHttpErrors: (status) => statusCodes.includes(status),
    retry: {
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
          return seconds === undefined || seconds * 1000 <= options.maxRetryAfterMs;
        }
        // A timeout, or anything else a fetch throws: no response arrived.
        return true;
      },
    },
  };
  const send: typeof globalThis.fetch = (input) => options.fetch(input);

  return async (request, timeoutMs, signal) => {
    // Buffered once: every try re-sends these bytes, never a stream (Chromium fails streamed bodies on HTTP/1.1).
    const body = request.body === null ? undefined : await request.arrayBuffer();
    try {
      return await ky(request.url, {
        ...shared,
        method: request.method,
        headers: request.headers,
        signal,
        timeout: timeoutMs,
        ...(body === undefined
          ? { fetch: send }
          : {
              body,
              fetch: (input) => {
                const attempt = input as Request;
                const init = { method: attempt.method, headers: attempt.headers, body, signal: attempt.signal };
                return options.fetch(new Request(attempt.url, init));
              },
            }),
      });
    } catch (error) {
      if (isHTTPError(error)) return responseOf(error);
      throw error;
    }
  };
}

/** ky has read the error body into `error.data`; give openapi-fetch a response it can read again. */
function responseOf(error: HTTPError): Response {
  const { data, response } = error;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  const body = data === undefined ? null : typeof data === 'string' ? data : JSON.stringify(data);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
