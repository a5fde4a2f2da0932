import type { RetryOptions } from 'ky';
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
 * The retry decision (§8, §9), one function for every try's outcome: `false` ends the call with it; `true` retries
 * after §8's delay; `undefined` retries after the wait its `Retry-After` asks, which ky reads (`afterStatusCodes`,
 * at most `maxRetryAfterMs`). Retried: the retryable statuses, no response and a timeout, every method (each write
 * carries its `Idempotency-Key`); a cancel never. An answer asking for less than the delay, `0` or a past date waits
 * the delay, the floor; one asking for longer than the cap is not retried at all, so the call ends at once with
 * `RateLimitError.retryAfter` (openapi/DECISIONS.md, "Retry-After").
 */
export function verdict(outcome: Outcome, rules: TryRules): boolean | undefined {
  if (!('response' in outcome)) {
    const { error } = outcome;
    return !(error instanceof Error && (error.name === 'AbortError' || error instanceof ApiCancelError));
  }
  if (!rules.statusCodes.includes(outcome.response.status)) return false;
  const wait = askedWait(outcome.response);
  if (wait !== undefined && wait > rules.maxRetryAfterMs) return false;
  return wait !== undefined && wait >= rules.delayMs ? undefined : true;
}

/** A try's outcome: an answer, or what the runtime threw. */
type Outcome = { response: Response } | { error: unknown };

type Ky = typeof import('ky');

let kyModule: Promise<Ky> | undefined;

/**
 * ky, imported on the first retry: a bundler splits it off, so a page fetches its 5 KB gzip only when a call is first
 * retried. Owning the first try too (issue 30, measured 2026-11-26 in one run each) cost twice over: the sign-in
 * app's API chunk grew from 9.4 to 13.3 KB gzip, putting the invited sign-up route at about 98.6 KB on first load
 * (budget 95) and the verify route at 95.5, with no chunk on those routes but the captcha widget large enough to give
 * the bytes back; and a GET took 1.57× raw fetch instead of 1.24× (CPU 1.53× against 1.18×), queued writes 1.57×
 * instead of 1.19×, against the ≤ 1.15× and ≤ 1.20× goals. A failed import is forgotten, so the next retry asks again.
 */
function loadKy(): Promise<Ky> {
  kyModule ??= import('ky').catch((error: unknown) => {
    kyModule = undefined;
    throw error;
  });
  return kyModule;
}

/** ky's retry options: the limit, and `verdict` as its one decision. */
function retryOptions(rules: TryRules, tries: number, { isHTTPError }: Ky): RetryOptions {
  return {
    limit: Math.max(0, tries - 1),
    methods: ALL_METHODS,
    statusCodes: [...rules.statusCodes],
    afterStatusCodes: [...rules.statusCodes],
    maxRetryAfter: rules.maxRetryAfterMs,
    delay: () => rules.delayMs,
    retryOnTimeout: true,
    shouldRetry: ({ error }) => {
      const outcome = isHTTPError(error) ? { response: error.response } : { error };
      const decided = verdict(outcome, rules);
      if (decided !== false && 'response' in outcome) drop(outcome.response);
      return decided;
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
 * Every try of a call. The first is `oneTry` alone; an outcome `verdict` retries hands the call to ky, given that
 * outcome as its own first try so that ky decides that retry and every later one with the same `verdict` and waits
 * them out (each try `oneTry` with the same wire: request id, idempotency key, body). Resolves with the last try's
 * answer, whatever its status; rejects with `NoAnswer` when the last try got none.
 */
export async function sendTries(wire: Wire, limits: TryLimits, cancel: CallCancel, rules: TryRules): Promise<Tried> {
  let tries = 0;
  const send = () => {
    tries++;
    return oneTry(rules.fetch, wire, limits.timeoutMs, cancel);
  };
  let first: Outcome;
  try {
    first = { response: await send() };
  } catch (error) {
    first = { error };
  }
  if (limits.tries < 2 || cancel.aborted || verdict(first, rules) === false) return settled(first, tries);
  let lib: Ky;
  try {
    lib = await loadKy();
  } catch {
    // ky could not be fetched (a page whose network just failed): the first outcome stands, as the last try's would.
    return settled(first, tries);
  }
  let replayed = false;
  try {
    const response = await lib.default(wire.url, {
      method: wire.method,
      retry: retryOptions(rules, limits.tries, lib),
      // Each try times itself in `oneTry`: ky's own timer would only add a second one.
      timeout: false,
      throwHttpErrors: (status) => rules.statusCodes.includes(status),
      fetch: () => {
        if (replayed) return send();
        replayed = true;
        return 'response' in first ? Promise.resolve(first.response) : Promise.reject(first.error);
      },
    });
    return { response, tries };
  } catch (error) {
    // A retryable status on the last try, or one whose `Retry-After` is over the cap: the answer stands.
    if (lib.isHTTPError(error)) return { response: error.response, tries };
    throw new NoAnswer(error, tries);
  }
}

function settled(outcome: Outcome, tries: number): Tried {
  if ('response' in outcome) return { response: outcome.response, tries };
  throw new NoAnswer(outcome.error, tries);
}
