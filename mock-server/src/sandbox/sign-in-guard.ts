// Who may try a password now (issue 29 F2, F3). §9's lockout (5 failures in 30 minutes lock for 30 minutes) counts
// an address *and the client that failed*, as Auth0's brute-force protection blocks the source for that account: an
// attacker locks the address only for themselves, and its owner, elsewhere, still signs in. A client's failures
// across every address are bounded too, before any hash is paid for, so one client can neither guess widely nor
// make the server hash for it without end.

import type { Store } from './engine/store.js';
import { StoredMap } from './stored-map.js';

/** §9: failed sign-ins in a row (within the lockout window) that lock the account; the fifth answers 429. */
export const LOCKOUT_FAILURES = 5;
/** §8/§9: the lockout lasts 30 minutes. */
export const LOCKOUT_MS = 30 * 60 * 1000;
/**
 * Failed sign-ins from one client, whatever the addresses, within the lockout window: four addresses' lockouts. A
 * sign-in in flight holds one of them until its password is checked, so no more than this many are ever hashed; a
 * sign-in gives its back. Past the bound with attempts still in flight, the next attempt waits for one of them to
 * settle, then is let through or refused by what they came to: fifty people of one office signing in at once, behind
 * one address, are slowed, never refused, and a client's thousand guesses at once are still checked twenty at most.
 */
export const CLIENT_FAILURES = 20;
/** Attempts of one client waiting for a place in flight; past it, the next is asked to come back (503, Retry-After). */
export const CLIENT_WAITING = 256;

interface Guard {
  failures: number[];
  lockedUntil?: number;
}

export type Attempt =
  | { refused: 'locked' | 'client' | 'busy'; retryAfterS: number }
  | { refused?: undefined; last: boolean; at: number };

/** What came of an attempt: its password (and code) checked and failed, passed, or not checked at all (busy). */
export type Outcome = 'failed' | 'succeeded' | 'unchecked';

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The counts that lock are in the sandbox's store (issue 31): instances behind one load balancer share them, so five
 * failures lock an address for a client however the failures were spread, not five on each instance. What is in
 * flight and who waits belong to the process that holds those calls.
 */
export class SignInGuards {
  readonly #pairs: StoredMap<Guard>;
  /** Each client's settled failures, by time. */
  readonly #clients: StoredMap<number[]>;
  /** Each client's attempts begun and not yet settled. */
  readonly #inFlight = new Map<string, number>();
  /** Each client's attempts waiting for one in flight to settle, in the order they came. */
  readonly #waiting = new Map<string, (() => void)[]>();

  constructor(store: () => Store) {
    this.#pairs = new StoredMap('signIn.lockouts', store);
    this.#clients = new StoredMap('signIn.clientFailures', store);
  }

  /**
   * Counts an attempt of `client` on `address` as a failure of the pair before its password is checked; refused when
   * the pair is locked or the client has failed too often. When the client's attempts in flight would take it past
   * its bound, it waits for one to settle and is judged again (503 only past `CLIENT_WAITING` waiting). `last` is the
   * attempt that locks the pair, should it fail. Every attempt let through is settled once, by `settle`.
   */
  async begin(address: string, client: string, now: number, alwaysLocked = false): Promise<Attempt> {
    for (;;) {
      const attempt = this.#judge(address, client, now, alwaysLocked);
      if (attempt !== 'full') return attempt;
      const waiting = this.#waiting.get(client) ?? [];
      if (waiting.length >= CLIENT_WAITING) return { refused: 'busy', retryAfterS: 1 };
      this.#waiting.set(client, waiting);
      await new Promise<void>((wake) => waiting.push(wake));
    }
  }

  /** An attempt judged now: refused, let through, or `full` when the client's bound is held by attempts in flight. */
  #judge(address: string, client: string, now: number, alwaysLocked: boolean): Attempt | 'full' {
    this.#sweep(now);
    const key = pairKey(address, client);
    const guard = this.#guard(key, now);
    if (alwaysLocked) guard.lockedUntil = now + LOCKOUT_MS;
    if (guard.lockedUntil !== undefined && guard.lockedUntil > now) {
      this.#pairs.set(key, guard);
      return { refused: 'locked', retryAfterS: seconds(guard.lockedUntil - now) };
    }
    const failures = (this.#clients.get(client) ?? []).filter((at) => at > now - LOCKOUT_MS);
    if (failures.length) this.#clients.set(client, failures);
    else this.#clients.delete(client);
    if (failures.length >= CLIENT_FAILURES) {
      return { refused: 'client', retryAfterS: seconds(Math.min(...failures) + LOCKOUT_MS - now) };
    }
    const inFlight = this.#inFlight.get(client) ?? 0;
    if (failures.length + inFlight >= CLIENT_FAILURES) return 'full';
    this.#inFlight.set(client, inFlight + 1);
    guard.failures.push(now);
    const last = guard.failures.length >= LOCKOUT_FAILURES;
    if (last) guard.lockedUntil = now + LOCKOUT_MS;
    this.#pairs.set(key, guard);
    return { last, at: now };
  }

  /**
   * Settles an attempt `begin` let through. A failure stays counted for the pair and now counts for the client; a
   * sign-in forgets the pair's failures; an attempt never checked (the hash gate was full) is taken back from both.
   */
  settle(address: string, client: string, attempt: { last: boolean; at: number }, outcome: Outcome): void {
    const inFlight = (this.#inFlight.get(client) ?? 1) - 1;
    if (inFlight > 0) this.#inFlight.set(client, inFlight);
    else this.#inFlight.delete(client);
    const key = pairKey(address, client);
    if (outcome === 'failed') {
      const failures = this.#clients.get(client) ?? [];
      failures.push(attempt.at);
      this.#clients.set(client, failures);
    } else if (outcome === 'succeeded') this.#pairs.delete(key);
    else {
      const guard = this.#pairs.get(key);
      const index = guard?.failures.indexOf(attempt.at) ?? -1;
      if (guard && index >= 0) guard.failures.splice(index, 1);
      if (guard && attempt.last) delete guard.lockedUntil;
      if (guard) this.#pairs.set(key, guard);
    }
    // Every waiting attempt is judged again, in its order: those that find no place wait again, in the same order.
    const waiting = this.#waiting.get(client);
    this.#waiting.delete(client);
    for (const wake of waiting ?? []) wake();
  }

  /** A password reset through the mailed link lifts every lock on the address, whoever caused it. */
  liftAddress(address: string): void {
    for (const [key] of this.#pairs.entries()) if (key.startsWith(`${address}\n`)) this.#pairs.delete(key);
  }

  /** The pair's guard with its stale failures dropped; the caller `set`s it back when it keeps it. */
  #guard(key: string, now: number): Guard {
    const guard = this.#pairs.get(key) ?? { failures: [] };
    return { ...guard, failures: guard.failures.filter((at) => at > now - LOCKOUT_MS) };
  }
  /** States nobody can still be held by are dropped as the maps grow. */
  #sweep(now: number): void {
    if (this.#pairs.size > 10_000) {
      for (const [key, guard] of this.#pairs.entries()) {
        const live = guard.failures.some((at) => at > now - LOCKOUT_MS) || (guard.lockedUntil ?? 0) > now;
        if (!live) this.#pairs.delete(key);
      }
    }
    if (this.#clients.size > 10_000) {
      for (const [client, failures] of this.#clients.entries()) {
        if (!failures.some((at) => at > now - LOCKOUT_MS)) this.#clients.delete(client);
      }
    }
  }
}

/** An e-mail address holds no newline (the description's format), so the pair key cannot be forged from either side. */
const pairKey = (address: string, client: string) => `${address}\n${client}`;
