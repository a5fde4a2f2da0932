import { type Hasher, scryptHasher } from '../../src/sandbox/passwords.js';

/**
 * A hasher (the sandbox's real scrypt unless given another) counting the work each request makes the server do, and
 * able to hold every check at its start, as a slow hash holds it, so a test can look at the server while guesses are
 * in flight: the overlap is made, not left to the hash's speed.
 */
export class CountingHasher implements Hasher {
  constructor(readonly base: Hasher = scryptHasher) {}

  /** Passwords checked (started) so far. */
  checks = 0;
  /** Checks started and not finished. */
  pending = 0;
  #gate: Promise<void> | undefined;
  #open: (() => void) | undefined;

  hash(password: string): Promise<string> {
    return this.base.hash(password);
  }

  async matches(password: string, stored: string): Promise<boolean> {
    this.checks++;
    this.pending++;
    try {
      await this.#gate;
      return await this.base.matches(password, stored);
    } finally {
      this.pending--;
    }
  }

  /** Checks started from now on wait until `release`. */
  hold(): void {
    this.#gate = new Promise((resolve) => {
      this.#open = resolve;
    });
  }

  release(): void {
    this.#open?.();
    this.#gate = undefined;
  }
}

/** Resolves once `condition` holds, looking every 10 ms; the test's own timeout bounds the wait. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
