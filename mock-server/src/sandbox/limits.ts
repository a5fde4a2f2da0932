const HOUR_MS = 60 * 60 * 1000;

/**
 * The rate limits of the sandbox (issue 20), the numbers a real backend is asked to copy (docs/SECURITY.md). Each
 * counts calls, not successes, and counts them whether or not the address has an account, so a 429 says nothing
 * about who is registered.
 */
export const LIMITS = {
  /** Calls from one client that may mail one address (sign-up, password reset, invitation resend): 5 an hour. */
  mailPerAddress: { max: 5, windowMs: HOUR_MS },
  /** Calls that may mail anyone, from one client (its network address): 30 an hour. */
  mailPerClient: { max: 30, windowMs: HOUR_MS },
  /** Sign-ups from one client: 20 an hour. */
  signUpsPerClient: { max: 20, windowMs: HOUR_MS },
} as const;

export type LimitName = keyof typeof LIMITS;

/**
 * A sliding-window counter per key: at most `max` calls in any `windowMs`. Only the times still inside the window
 * are kept, so a key holds at most `max` numbers; keys whose window has passed are swept as the map grows.
 */
export class WindowLimit {
  readonly #hits = new Map<string, number[]>();
  #sweepAt = 1024;

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Seconds until `key` may call again, or 0 when it may call now (nothing is counted). */
  wait(key: string, now: number): number {
    const hits = this.#live(key, now);
    if (hits.length < this.max) return 0;
    return Math.max(1, Math.ceil(((hits[0] ?? now) + this.windowMs - now) / 1000));
  }

  /** Counts one call of `key` at `now`. */
  count(key: string, now: number): void {
    const hits = this.#live(key, now);
    hits.push(now);
    this.#hits.set(key, hits);
    if (this.#hits.size >= this.#sweepAt) this.#sweep(now);
  }

  #live(key: string, now: number): number[] {
    return (this.#hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  #sweep(now: number): void {
    for (const [key, hits] of this.#hits) if (!hits.some((at) => at > now - this.windowMs)) this.#hits.delete(key);
    this.#sweepAt = Math.max(1024, this.#hits.size * 2);
  }
}

/** One counter per limit, checked together: a call is counted by all of its limits or, when one refuses, by none. */
export class Limits {
  readonly #counters: Record<LimitName, WindowLimit>;

  constructor(limits: Record<LimitName, { max: number; windowMs: number }> = LIMITS) {
    this.#counters = {
      mailPerAddress: new WindowLimit(limits.mailPerAddress.max, limits.mailPerAddress.windowMs),
      mailPerClient: new WindowLimit(limits.mailPerClient.max, limits.mailPerClient.windowMs),
      signUpsPerClient: new WindowLimit(limits.signUpsPerClient.max, limits.signUpsPerClient.windowMs),
    };
  }

  /** Counts a call against each `[limit, key]`; the seconds to wait when one of them is spent (nothing counted). */
  take(checks: readonly (readonly [LimitName, string])[], now: number): number {
    const wait = Math.max(0, ...checks.map(([name, key]) => this.#counters[name].wait(key, now)));
    if (wait > 0) return wait;
    for (const [name, key] of checks) this.#counters[name].count(key, now);
    return 0;
  }
}
