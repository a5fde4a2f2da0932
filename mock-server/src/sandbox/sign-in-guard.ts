// Who may try a password now (issue 29 F2, F3). §9's lockout (5 failures in 30 minutes lock for 30 minutes) counts
// an address *and the client that failed*, as Auth0's brute-force protection blocks the source for that account: an
// attacker locks the address only for themselves, and its owner, elsewhere, still signs in. A client's failures
// across every address are bounded too, before any hash is paid for, so one client can neither guess widely nor
// make the server hash for it without end.

/** §9: failed sign-ins in a row (within the lockout window) that lock the account; the fifth answers 429. */
export const LOCKOUT_FAILURES = 5;
/** §8/§9: the lockout lasts 30 minutes. */
export const LOCKOUT_MS = 30 * 60 * 1000;
/**
 * Failed sign-ins from one client, whatever the addresses, within the lockout window: four addresses' lockouts. A
 * sign-in takes its attempt back, so a busy office behind one address is not held to it.
 */
export const CLIENT_FAILURES = 20;

interface Guard {
  failures: number[];
  lockedUntil?: number;
}

export type Attempt =
  | { refused: 'locked'; retryAfterS: number }
  | { refused: 'client'; retryAfterS: number }
  | { refused?: undefined; last: boolean; at: number };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class SignInGuards {
  readonly #pairs = new Map<string, Guard>();
  readonly #clients = new Map<string, number[]>();

  /**
   * Counts an attempt of `client` on `address` as a failure before its password is checked; refused when the pair is
   * locked or the client has failed too often. `last` is the attempt that locks the pair, should it fail.
   */
  begin(address: string, client: string, now: number, alwaysLocked = false): Attempt {
    this.#sweep(now);
    const guard = this.#guard(address, client, now);
    if (alwaysLocked) guard.lockedUntil = now + LOCKOUT_MS;
    if (guard.lockedUntil !== undefined && guard.lockedUntil > now) {
      return { refused: 'locked', retryAfterS: seconds(guard.lockedUntil - now) };
    }
    const failures = (this.#clients.get(client) ?? []).filter((at) => at > now - LOCKOUT_MS);
    if (failures.length >= CLIENT_FAILURES) {
      this.#clients.set(client, failures);
      return { refused: 'client', retryAfterS: seconds((failures[0] ?? now) + LOCKOUT_MS - now) };
    }
    failures.push(now);
    this.#clients.set(client, failures);
    guard.failures.push(now);
    const last = guard.failures.length >= LOCKOUT_FAILURES;
    if (last) {
      guard.failures = [];
      guard.lockedUntil = now + LOCKOUT_MS;
    }
    return { last, at: now };
  }

  /** The attempt signed in: the pair's failures are forgotten, and the client's count takes this one back. */
  succeeded(address: string, client: string, at: number): void {
    this.#pairs.delete(pairKey(address, client));
    const failures = this.#clients.get(client);
    const index = failures?.indexOf(at) ?? -1;
    if (failures && index >= 0) failures.splice(index, 1);
  }

  /** A password reset through the mailed link lifts every lock on the address, whoever caused it. */
  liftAddress(address: string): void {
    for (const key of this.#pairs.keys()) if (key.startsWith(`${address}\n`)) this.#pairs.delete(key);
  }

  #guard(address: string, client: string, now: number): Guard {
    const key = pairKey(address, client);
    const guard = this.#pairs.get(key) ?? { failures: [] };
    guard.failures = guard.failures.filter((at) => at > now - LOCKOUT_MS);
    this.#pairs.set(key, guard);
    return guard;
  }

  /** States nobody can still be held by are dropped as the maps grow. */
  #sweep(now: number): void {
    if (this.#pairs.size > 10_000) {
      for (const [key, guard] of this.#pairs) {
        const live = guard.failures.some((at) => at > now - LOCKOUT_MS) || (guard.lockedUntil ?? 0) > now;
        if (!live) this.#pairs.delete(key);
      }
    }
    if (this.#clients.size > 10_000) {
      for (const [client, failures] of this.#clients) {
        if (!failures.some((at) => at > now - LOCKOUT_MS)) this.#clients.delete(client);
      }
    }
  }
}

/** An e-mail address holds no newline (the description's format), so the pair key cannot be forged from either side. */
const pairKey = (address: string, client: string) => `${address}\n${client}`;
