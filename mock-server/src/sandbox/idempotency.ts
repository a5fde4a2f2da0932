import { base64url, sha256Of } from './bytes.js';
import type { Answer } from './sandbox.js';

/** How long a key is remembered (Stripe's 24 hours). */
export const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;
/**
 * Keys remembered at most per caller; past this that caller's oldest are forgotten first. Issue 29 F7: one cap for
 * everyone let 10,050 writes of others push a visitor's key out, and a retry with it created a second team; now a
 * caller's flood only forgets that caller's own keys, and everyone else's are kept their 24 hours.
 */
export const IDEMPOTENCY_MAX_KEYS = 10_000;

interface Entry {
  scope: string;
  /** A hash of what the first request asked (method, path, query, body): never the body itself, it holds passwords. */
  fingerprint: string;
  expiresAt: number;
  answer: Promise<Answer>;
}

const digest = (text: string) => base64url(sha256Of(text));

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
 * Keys are scoped by the caller (the API key and who called with it: the session, else the client's address), so
 * two callers' keys never meet. A 429 (a limit, a lockout) or a 5xx
 * is not remembered: the write was not done, and a retry with the same key must be able to do it.
 */
export class IdempotencyKeys {
  readonly #entries = new Map<string, Entry>();
  readonly #perScope = new Map<string, number>();
  readonly #now: () => number;
  #sweepAt = 1024;

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
    this.#forget(id);
    const answer = apply();
    this.#entries.set(id, { scope, fingerprint, expiresAt: now + IDEMPOTENCY_MS, answer });
    this.#perScope.set(scope, (this.#perScope.get(scope) ?? 0) + 1);
    this.#forgetOldest(scope, now);
    try {
      const settled = await answer;
      if (settled.status === 429 || settled.status >= 500) this.#forget(id);
      return settled;
    } catch (error) {
      this.#forget(id);
      throw error;
    }
  }

  #forget(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    const left = (this.#perScope.get(entry.scope) ?? 1) - 1;
    if (left > 0) this.#perScope.set(entry.scope, left);
    else this.#perScope.delete(entry.scope);
  }

  /** Expired keys go as the map grows; past a caller's cap, that caller's oldest (insertion order) go first. */
  #forgetOldest(scope: string, now: number): void {
    if (this.#entries.size >= this.#sweepAt) {
      for (const [id, entry] of this.#entries) if (entry.expiresAt <= now) this.#forget(id);
      this.#sweepAt = Math.max(1024, this.#entries.size * 2);
    }
    if ((this.#perScope.get(scope) ?? 0) <= IDEMPOTENCY_MAX_KEYS) return;
    for (const [id, entry] of this.#entries) {
      if (entry.scope !== scope) continue;
      this.#forget(id);
      if ((this.#perScope.get(scope) ?? 0) <= IDEMPOTENCY_MAX_KEYS) break;
    }
  }
}
