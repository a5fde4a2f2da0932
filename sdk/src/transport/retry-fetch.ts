import type { RetryOptions } from 'ky';
import { ApiCancelError, parseRetryAfter } from '../errors.js';
import { CallCancel } from './call-cancel.js';

export interface TryOptions {
  delayMs: number;
  statusCodes: readonly number[];
  maxRetryAfterMs: number;
  fetch: typeof globalThis.fetch;
}

/**
 * What the transport knows of a call: its cancel, how many tries it may take and how long each, the tries it counts
 * and whether the last one was answered.
 */
export interface TryCall {
  readonly cancel: CallCancel;
  readonly timeoutMs: number;
  readonly maxTries: number;
  tries: number;
  answered: boolean;
}

/**
 * Sends one call (with its tries). `knownBody` is the request's body text when the caller already holds it (the
 * client's own serialization), which spares reading the Request's body stream back.
 */
export type RetryingFetch = (request: Request, call: TryCall, knownBody?: string) => Promise<Response>;

const ALL_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** An outcome of the first try, held so ky can judge it as if it had made the try itself. */
type Outcome = { response: Response } | { error: unknown };

type Ky = typeof import('ky');

let kyModule: Promise<Ky> | undefined;

/**
 * ky, imported on the first retry: most calls never need it, so a bundler splits it off and a browser page fetches it
 * only when an answer is retried (4 KB gzip less before a screen's first call). A failed import is forgotten, so the
 * next retry asks again.
 */
function loadKy(): Promise<Ky> {
  kyModule ??= import('ky').catch((error: unknown) => {
    kyModule = undefined;
    throw error;
  });
  return kyModule;
}

/** An answer retried is never read; undici holds the connection until it is read or cancelled. */
const drop = (response: Response) => void response.body?.cancel().catch(() => {});

/**
 * The `fetch` beneath openapi-fetch, so middleware runs once per call while every try carries the same headers
 * (request id, idempotency key). The first try goes out as a plain `fetch`: on loopback ky's own per-call work (a
 * Request, a timeout signal, retry bookkeeping) costs more than the call. Only an outcome §8 retries — 502, 503,
 * 504, 429 within the `Retry-After` cap, no response, a timeout — hands the call to ky, which is given that outcome
 * as its own first try and so decides that retry and every later one, writes too (each carries its
 * `Idempotency-Key`). The wait is §8's 100 ms, or the answer's `Retry-After` when that is longer: ky reads the header
 * and waits it out itself (`afterStatusCodes`, `maxRetryAfter`). A retryable answer whose `Retry-After` exceeds the
 * cap, and the last failed try, come back as a plain `Response` for the client to type.
 */
export function retryingFetch(options: TryOptions): RetryingFetch {
  const statusCodes = [...options.statusCodes];
  const throwHttpErrors = (status: number) => statusCodes.includes(status);
  /** The wait an answer asks for, in ms, when it names one (seconds or an HTTP date). */
  const askedWait = (response: Response) => {
    const seconds = parseRetryAfter(response.headers.get('Retry-After'));
    return seconds === undefined ? undefined : seconds * 1000;
  };
  const withinCap = (response: Response) => (askedWait(response) ?? 0) <= options.maxRetryAfterMs;
  // Built only when a call is retried: the first try never touches ky.
  const retryOf = (call: TryCall, { isHTTPError }: Ky): RetryOptions => ({
    limit: Math.max(0, call.maxTries - 1),
    methods: ALL_METHODS,
    statusCodes,
    // ky reads `Retry-After` on every retryable status and waits it, never longer than the cap (answers asking
    // for longer end the call in `shouldRetry` before ky would clip the wait).
    afterStatusCodes: statusCodes,
    maxRetryAfter: options.maxRetryAfterMs,
    delay: () => options.delayMs,
    retryOnTimeout: true,
    shouldRetry: ({ error }) => {
      if (error.name === 'AbortError' || error instanceof ApiCancelError) return false;
      if (isHTTPError(error)) {
        const wait = askedWait(error.response);
        if (wait !== undefined && wait > options.maxRetryAfterMs) return false;
        drop(error.response);
        // A wait at least §8's delay is ky's to read and wait out; none, `0` or a past date gets §8's 100 ms, the
        // floor (ky would retry at once).
        return wait !== undefined && wait >= options.delayMs ? undefined : true;
      }
      // A timeout, or anything else a fetch throws: no response arrived.
      return true;
    },
  });

  return async (request, call, knownBody) => {
    // Buffered once: every try re-sends these bytes, never a stream (Chromium fails streamed bodies on HTTP/1.1).
    const body = knownBody ?? (request.body === null ? null : await request.arrayBuffer());
    const send = () => {
      call.tries++;
      return sendTry(options.fetch, request, body, call);
    };
    let first: Outcome;
    try {
      const response = await send();
      if (call.maxTries < 2 || !statusCodes.includes(response.status) || !withinCap(response)) return response;
      first = { response };
    } catch (error) {
      if (call.maxTries < 2 || call.cancel.aborted) throw error;
      first = { error };
    }
    let lib: Ky;
    try {
      lib = await loadKy();
    } catch {
      // ky could not be fetched (a page whose network just failed): the first outcome stands, as the last try's would.
      if ('response' in first) return first.response;
      throw first.error;
    }
    const { default: ky, isHTTPError } = lib;
    let replayed = false;
    try {
      return await ky(request.url, {
        method: request.method,
        throwHttpErrors,
        retry: retryOf(call, lib),
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
  call: TryCall,
): Promise<Response> {
  const { cancel, timeoutMs } = call;
  call.answered = false;
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
      call.answered = true;
      return response;
    },
    (error: unknown) => {
      settle();
      throw error;
    },
  );
}
