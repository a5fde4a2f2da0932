import ky, { isHTTPError, type Options } from 'ky';
import { ApiCancelError, parseRetryAfter } from '../errors.js';
import { CallCancel } from './call-cancel.js';

export interface TryOptions {
  tries: number;
  delayMs: number;
  statusCodes: readonly number[];
  maxRetryAfterMs: number;
  fetch: typeof globalThis.fetch;
}

/** What the transport knows of a call: its cancel, the milliseconds each try may take, and the tries it counts. */
export interface TryCall {
  readonly cancel: CallCancel;
  readonly timeoutMs: number;
  tries: number;
}

/**
 * Sends one call (with its tries). `knownBody` is the request's body text when the caller already holds it (the
 * client's own serialization), which spares reading the Request's body stream back.
 */
export type RetryingFetch = (request: Request, call: TryCall, knownBody?: string) => Promise<Response>;

const ALL_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

/** An outcome of the first try, held so ky can judge it as if it had made the try itself. */
type Outcome = { response: Response } | { error: unknown };

/**
 * The `fetch` beneath openapi-fetch, so middleware runs once per call while every try carries the same headers
 * (request id, idempotency key). The first try goes out as a plain `fetch`: on loopback ky's own per-call work (a
 * Request, a timeout signal, retry bookkeeping) costs more than the call. Only an outcome §8 retries — 502, 503,
 * 504, 429 within the `Retry-After` cap, no response, a timeout — hands the call to ky, which is given that outcome
 * as its own first try and so decides that retry and every later one: 100 ms apart, writes too (each carries its
 * `Idempotency-Key`). A retryable answer whose `Retry-After` exceeds the cap, and the last failed try, come back as
 * a plain `Response` for the client to type.
 */
export function retryingFetch(options: TryOptions): RetryingFetch {
  const statusCodes = [...options.statusCodes];
  const throwHttpErrors = (status: number) => statusCodes.includes(status);
  const withinCap = (response: Response) => {
    const seconds = parseRetryAfter(response.headers.get('Retry-After'));
    return seconds === undefined || seconds * 1000 <= options.maxRetryAfterMs;
  };
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
        const again = withinCap(error.response);
        // An answer retried is never read; undici holds the connection until it is read or cancelled.
        if (again) error.response.body?.cancel().catch(() => {});
        return again;
      }
      // A timeout, or anything else a fetch throws: no response arrived.
      return true;
    },
  };

  return async (request, call, knownBody) => {
    // Buffered once: every try re-sends these bytes, never a stream (Chromium fails streamed bodies on HTTP/1.1).
    const body = knownBody ?? (request.body === null ? null : await request.arrayBuffer());
    const send = () => {
      call.tries++;
      return sendTry(options.fetch, request, body, call.cancel, call.timeoutMs);
    };
    let first: Outcome;
    try {
      const response = await send();
      if (options.tries < 2 || !statusCodes.includes(response.status) || !withinCap(response)) return response;
      first = { response };
    } catch (error) {
      if (options.tries < 2 || call.cancel.aborted) throw error;
      first = { error };
    }
    let replayed = false;
    try {
      return await ky(request.url, {
        method: request.method,
        throwHttpErrors,
        retry,
        // Each try times itself in `sendTry`; ky's own timer would only add a second one.
        timeout: false,
        fetch: () => {
          if (replayed) return send();
          replayed = true;
          return 'response' in first ? Promise.resolve(first.response) : Promise.reject(first.error);
        },
      });
    } catch (error) {
      // ky has not read the body of the answer it gave up on: openapi-fetch reads it.
      if (isHTTPError(error)) return error.response;
      throw error;
    }
  };
}

/**
 * One try: aborted when its time runs out (a `TimeoutError`, which is retried) or the call is cancelled (an
 * `AbortError`, which is not), and never started once the call is cancelled, so a cancel between tries sends
 * nothing more. Its controller is the call's only `AbortSignal`: a fraction of what `AbortSignal.any` costs in Node.
 */
function sendTry(
  fetch: typeof globalThis.fetch,
  request: Request,
  body: ArrayBuffer | string | null,
  cancel: CallCancel,
  timeoutMs: number,
): Promise<Response> {
  if (cancel.aborted) return Promise.reject(CallCancel.error());
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`The try took longer than ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  const off = cancel.onCancel(() => controller.abort(CallCancel.error()));
  // The URL and an init, as a plain `fetch(url, init)` call: fetch builds its Request once, where handing it a
  // Request would build two, each following the signal (the costliest part of a Request in Node).
  const init = { method: request.method, headers: request.headers, body, signal: controller.signal };
  const settle = () => {
    clearTimeout(timer);
    off();
  };
  return fetch(request.url, init).then(
    (response) => {
      settle();
      return response;
    },
    (error: unknown) => {
      settle();
      throw error;
    },
  );
}
