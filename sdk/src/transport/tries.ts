import ky, { isHTTPError, type RetryOptions } from 'ky';
import { ApiCancelError, parseRetryAfter } from '../errors.js';
import type { Wire } from '../wire.js';
import { CallCancel } from './call-cancel.js';

/** The client's retry rules (§8, §9). */
export interface TryRules {
  readonly delayMs: number;
  readonly statusCodes: readonly number[];
  readonly maxRetryAfterMs: number;
  readonly fetch: typeof globalThis.fetch;
}

/** A call's own limits. */
export interface TryLimits {
  readonly timeoutMs: number;
  /** Tries, the first included. */
  readonly tries: number;
}

/** The last try's answer, and how many tries it took. */
export interface Tried {
  readonly response: Response;
  readonly tries: number;
}

/** No answer after the last try: what the runtime threw, and how many tries were made. */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
  constructor(
    readonly error: unknown,
    readonly tries: number,
  ) {
    super('No answer', { cause: error });
  }
}

const ALL_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** The wait an answer asks for, in ms, when it names one (seconds or an HTTP date). */
function askedWait(response: Response): number | undefined {
  const seconds = parseRetryAfter(response.headers.get('Retry-After'));
  return seconds === undefined ? undefined : seconds * 1000;
}

/** An answer retried is never read; undici holds the connection until it is read or cancelled. */
const drop = (response: Response) => void response.body?.cancel().catch(() => {});

/**
 * The retry decision, made once, in ky (§8, §9): up to `tries`, every method (each write carries its
 * `Idempotency-Key`), on the retryable statuses, no response and a timeout. The `Retry-After` rule: an answer asking
 * for §8's delay or more is waited out by ky (`afterStatusCodes`, at most `maxRetryAfterMs`); one asking for less,
 * `0` or a past date waits the delay, the floor; one asking for longer than the cap is not retried at all, so the
 * call ends at once with `RateLimitError.retryAfter` (openapi/DECISIONS.md, "Retry-After").
 */
export function retryRule(rules: TryRules, tries: number): RetryOptions {
  return {
    limit: Math.max(0, tries - 1),
    methods: ALL_METHODS,
    statusCodes: [...rules.statusCodes],
    afterStatusCodes: [...rules.statusCodes],
    maxRetryAfter: rules.maxRetryAfterMs,
    delay: () => rules.delayMs,
    retryOnTimeout: true,
    shouldRetry: ({ error }) => {
      if (error.name === 'AbortError' || error instanceof ApiCancelError) return false;
      if (!isHTTPError(error)) return true;
      const wait = askedWait(error.response);
      if (wait !== undefined && wait > rules.maxRetryAfterMs) return false;
      drop(error.response);
      return wait !== undefined && wait >= rules.delayMs ? undefined : true;
    },
  };
}

/**
 * One try: the wire's URL and init as a plain `fetch(url, init)` (fetch builds one Request, where handing it ky's
 * would build a second), aborted by the call's cancel or after `timeoutMs`. Its controller is the try's only
 * `AbortSignal`.
 */
function oneTry(fetch: typeof globalThis.fetch, wire: Wire, timeoutMs: number, cancel: CallCancel): Promise<Response> {
  if (cancel.aborted) return Promise.reject(CallCancel.error());
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`The try took longer than ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  const off = cancel.onCancel(() => controller.abort(CallCancel.error()));
  const settle = () => {
    clearTimeout(timer);
    off();
  };
  const init = { method: wire.method, headers: wire.headers, body: wire.body ?? null, signal: controller.signal };
  return fetch(wire.url, init).then(
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

/**
 * Every try of a call, owned by ky: it makes the first and decides each retry and its wait (`retryRule`); each try
 * is `oneTry` with the same wire (request id, idempotency key, body bytes). Resolves with the last try's answer,
 * whatever its status; rejects with `NoAnswer` when the last try got none.
 */
export async function sendTries(wire: Wire, limits: TryLimits, cancel: CallCancel, rules: TryRules): Promise<Tried> {
  let tries = 0;
  const statusCodes = rules.statusCodes;
  try {
    const response = await ky(wire.url, {
      method: wire.method,
      retry: retryRule(rules, limits.tries),
      // Each try times itself in `oneTry`: ky's own timer would only add a second one.
      timeout: false,
      throwHttpErrors: (status) => statusCodes.includes(status),
      fetch: () => {
        tries++;
        return oneTry(rules.fetch, wire, limits.timeoutMs, cancel);
      },
    });
    return { response, tries };
  } catch (error) {
    // A retryable status on the last try, or one whose `Retry-After` is over the cap: the answer stands.
    if (isHTTPError(error)) return { response: error.response, tries };
    throw new NoAnswer(error, tries);
  }
}
