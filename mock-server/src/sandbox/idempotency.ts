import { createHash } from 'node:crypto';
import type { Answer } from './sandbox.js';

/** How long a key is remembered (Stripe's 24 hours). */
export const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;
/** Keys remembered at most; past this the oldest are forgotten first, which only a flood of writes reaches. */
export const IDEMPOTENCY_MAX_KEYS = 10_000;

interface Entry {
  /** A hash of what the first request asked (method, path, query, body): never the body itself, it holds passwords. */
  fingerprint: string;
  expiresAt: number;
  answer: Promise<Answer>;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** What makes two requests "the same request" for a key: method, path with its query, and the JSON body. */
export const fingerprintOf = (method: string, pathAndQuery: string, body: unknown) =>
  digest(JSON.stringify([method.toUpperCase(), pathAndQuery, body]));

const reused = (): Answer => ({
  status: 422,
  body: {
    type: 'https://errors.runofshow.dev/idempotency-key-reused',
    title: 'Idempotency key reused',
    status: 422,
    detail:
      'This Idempotency-Key was used with another request in the last 24 hours; send a new key for a new request.',
    errors: [
      {
        location: ['header', 'Idempotency-Key'],
        code: 'idempotency-key-reused',
        message: 'A key may be sent again only with the same request.',
      },
    ],
  },
});

/**
 * Stripe's rule for writes carrying an `Idempotency-Key` (issue 21): the same key with the same request within 24
 * hours gets the first answer again, same status and body, and the write is applied once; a duplicate that arrives
 * while the first is still running waits for it and gets its answer. The same key with another request is a 422.
 * Keys are scoped by the caller (its API key), so two callers' keys never meet. A 429 (a limit, a lockout) or a 5xx
 * is not remembered: the write was not done, and a retry with the same key must be able to do it.
 */
export class IdempotencyKeys {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async run(scope: string, key: string, fingerprint: string, apply: () => Promise<Answer>): Promise<Answer> {
    const id = digest(JSON.stringify([scope, key]));
    const now = this.#now();
    const known = this.#entries.get(id);
    if (known && known.expiresAt > now) {
      if (known.fingerprint !== fingerprint) return reused();
      const first = await known.answer;
      return { ...first, headers: { ...first.headers, 'Idempotent-Replayed': 'true' } };
    }
    this.#entries.delete(id);
    const answer = apply();
    this.#entries.set(id, { fingerprint, expiresAt: now + IDEMPOTENCY_MS, answer });
    this.#forgetOldest(now);
    try {
      const settled = await answer;
      if (settled.status === 429 || settled.status >= 500) this.#entries.delete(id);
      return settled;
    } catch (error) {
      this.#entries.delete(id);
      throw error;
    }
  }

  /** Expired keys go; past the cap, the oldest (the map keeps insertion order) go first. */
  #forgetOldest(now: number): void {
    if (this.#entries.size <= IDEMPOTENCY_MAX_KEYS) return;
    for (const [id, entry] of this.#entries) {
      if (this.#entries.size <= IDEMPOTENCY_MAX_KEYS && entry.expiresAt > now) break;
      this.#entries.delete(id);
    }
  }
}
