// `@runofshow/sdk/session`: a signed-in session that does not expire under the app (issue 33). It reads the token's
// `expiresAt` with `tokens.isValid`, refreshes with `tokens.refresh` before then (one refresh in flight, however many
// calls wait for it), and says `onSignedOut` once when the token stops working. Its own entry point: an app that
// keeps its token another way bundles none of it.
import { ApiPromise } from './api-promise.js';
import type { ApiClient } from './client.js';
import { ApiError } from './errors.js';

export interface SessionOptions {
  /** The client to call through (`createApiClient`'s); the session's `api` is derived from it with `withOptions`. */
  api: ApiClient;
  /** The access token to keep alive (`auth.login`'s `accessToken`). */
  token: string;
  /** How long before `expiresAt` to refresh (60 000 ms). */
  refreshAheadMs?: number;
  /** The `ttl` (seconds, at most 2592000) to ask `tokens.refresh` for; the server's default otherwise. */
  ttl?: number;
  /** Called once when the session ends: the token proved invalid, a refresh failed with 401, or a call answered 401. */
  onSignedOut?: () => void;
}

export interface Session {
  /**
   * The client, calling with the session's token: each call waits for a refresh that is due, and a 401 signs out.
   * Its `use`, `eject`, `cancelAll` and `withOptions` are the client's own (`withOptions` gives one without the session).
   */
  readonly api: ApiClient;
  /** The current token; undefined once signed out. */
  readonly token: string | undefined;
  /** When the current token stops working, once `tokens.isValid` or a refresh has said. */
  readonly expiresAt: Date | undefined;
  /** Settles once the first `tokens.isValid` has answered (signed out, if the token was no good). */
  readonly ready: Promise<void>;
  /** Refreshes now; a refresh already in flight is shared, never doubled. Resolves with the new token. */
  refresh(): Promise<string | undefined>;
  /** Stops the refresh timer (the session's token stays as it is). */
  close(): void;
}

/** setTimeout's longest delay: a longer one fires at once, and a 30-day token would be refreshed in a loop. */
const MAX_DELAY = 2_147_483_647;

const PATH_CALLS = new Set(['GET', 'PUT', 'POST', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'request']);
const CALLS = new Set(['invoke', 'upload']);
const OWN = new Set(['use', 'eject', 'cancelAll', 'withOptions']);

/** Starts a session on a token: see `Session`. */
export function createSession(options: SessionOptions): Session {
  const ahead = options.refreshAheadMs ?? 60_000;
  let token: string | undefined = options.token;
  let expiresAt: number | undefined;
  // When to refresh: `ahead` before the end, never sooner than halfway (a short-lived token is not refreshed in a loop).
  let dueAt = Number.POSITIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<string | undefined> | undefined;
  let closed = false;
  // Only the session's own calls (isValid, refresh) use this client: they must never wait for a refresh themselves.
  const own = options.api.withOptions({ getAccessToken: () => token });

  function signOut() {
    if (token === undefined) return;
    token = undefined;
    expiresAt = undefined;
    dueAt = Number.POSITIVE_INFINITY;
    clearTimeout(timer);
    options.onSignedOut?.();
  }

  function schedule() {
    clearTimeout(timer);
    if (closed || token === undefined || dueAt === Number.POSITIVE_INFINITY) return;
    const due = dueAt - Date.now();
    // A delay past setTimeout's range is waited for in steps; each step looks again.
    timer = setTimeout(() => (due > MAX_DELAY ? schedule() : void refresh()), Math.min(Math.max(due, 0), MAX_DELAY));
  }

  function learn(at: string | undefined): boolean {
    const time = at === undefined ? Number.NaN : Date.parse(at);
    // A token that is already over (or says no end) is no session: the description has a refresh answer a live one.
    if (!(time > Date.now())) return false;
    expiresAt = time;
    const left = time - Date.now();
    dueAt = Date.now() + Math.max(left - ahead, left / 2);
    schedule();
    return true;
  }

  function refresh(): Promise<string | undefined> {
    if (inFlight) return inFlight;
    if (token === undefined) return Promise.resolve(undefined);
    // An expired token cannot be exchanged (`tokens.refresh` answers 401): the session is over.
    if (expiresAt !== undefined && expiresAt <= Date.now()) {
      signOut();
      return Promise.resolve(undefined);
    }
    const sent = token;
    inFlight = own.tokens
      .refresh(options.ttl === undefined ? {} : { query: { ttl: options.ttl } })
      .then(
        (answer) => {
          if (token !== sent) return token;
          token = answer.token;
          if (!learn(answer.expiresAt)) signOut();
          return token;
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 401) signOut();
          else schedule();
          throw error;
        },
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  /** Before a call: when the token is due, wait for the refresh (in flight, or started now if the timer fired late). */
  function fresh(): Promise<unknown> {
    if (token !== undefined && dueAt <= Date.now()) {
      return refresh().catch(() => undefined);
    }
    return Promise.resolve();
  }

  const watch = <T>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) signOut();
      throw error;
    });

  type Call = (...args: unknown[]) => unknown;
  // Facade calls, `invoke` and `upload` answer an ApiPromise (with `.withResponse()`); path calls a plain promise.
  const answered =
    (call: Call) =>
    (...args: unknown[]) =>
      new ApiPromise(watch(fresh().then(() => (call(...args) as ApiPromise<unknown>).withResponse())));
  const plain =
    (call: Call) =>
    (...args: unknown[]) =>
      watch(fresh().then(() => call(...args)));

  const client = own as unknown as Record<string, unknown>;
  const groups = new Map<string, Record<string, unknown>>();
  const api = new Proxy(client, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof name !== 'string' || OWN.has(name)) return value;
      if (typeof value === 'function') {
        if (PATH_CALLS.has(name)) return plain(value.bind(target));
        if (CALLS.has(name)) return answered(value.bind(target));
        return value;
      }
      if (value && typeof value === 'object' && !groups.has(name)) {
        const group = value as Record<string, Call>;
        groups.set(name, Object.fromEntries(Object.entries(group).map(([key, call]) => [key, answered(call)])));
      }
      return groups.get(name) ?? value;
    },
  }) as unknown as ApiClient;

  const ready = own.tokens.isValid().then(
    (answer) => {
      if (!answer.valid || !learn(answer.expiresAt)) signOut();
    },
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) signOut();
    },
  );

  return {
    api,
    get token() {
      return token;
    },
    get expiresAt() {
      return expiresAt === undefined ? undefined : new Date(expiresAt);
    },
    ready,
    refresh,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
