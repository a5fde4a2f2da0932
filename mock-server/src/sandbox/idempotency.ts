import { base64url, sha256Of } from './bytes.js';
import { MemoryStore, type Store } from './engine/store.js';
import type { Answer } from './sandbox.js';
import { StoredMap } from './stored-map.js';

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
  answer: Answer;
}

/** How a call's work is run over the store: in a turn that holds the instances' write lock (`Turns`). */
export type Turn = <T>(work: () => Promise<T>) => Promise<T>;

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
 *
 * The answers are kept in the sandbox's store (issue 31), written in the same turn, and so the same commit, as the
 * write they answer: a retry sent to another instance on the same database, after this one applied the write, gets
 * the first answer, and an instance killed after its commit cannot leave a write without its key. The key is looked
 * up inside that turn, under the instances' write lock, so two instances given the same key at once apply it once.
 */
export class IdempotencyKeys {
  #entries: StoredMap<Entry>;
  /** Calls of this process still running, by key: a duplicate waits for the first. */
  readonly #running = new Map<string, { fingerprint: string; answer: Promise<Answer> }>();
  readonly #perScope = new Map<string, number>();
  readonly #now: () => number;
  #sweepAt = 1024;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    const store = new MemoryStore();
    this.#entries = new StoredMap(KIND, () => store);
  }

  /** Keeps the keys in `store` (the engine's, which other instances may share) from now on. */
  keepIn(store: Store): void {
    this.#entries = new StoredMap(KIND, () => store);
    this.#perScope.clear();
  }

  async run(
    scope: string,
    key: string,
    fingerprint: string,
    apply: () => Promise<Answer>,
    turn: Turn = (work) => work(),
  ): Promise<Answer> {
    const id = digest(JSON.stringify([scope, key]));
    const running = this.#running.get(id);
    if (running) {
      if (running.fingerprint !== fingerprint) return reused();
      return replayed(await running.answer);
    }
    const answer = turn(async () => {
      const now = this.#now();
      const known = this.#entries.get(id);
      if (known && known.expiresAt > now) return known.fingerprint === fingerprint ? replayed(known.answer) : reused();
      const settled = await apply();
      if (settled.status !== 429 && settled.status < 500) {
        this.#entries.set(id, { scope, fingerprint, expiresAt: now + IDEMPOTENCY_MS, answer: settled });
        this.#perScope.set(scope, (this.#perScope.get(scope) ?? 0) + 1);
        this.#forgetOldest(scope, now);
      } else if (known) this.#forget(id);
      return settled;
    });
    this.#running.set(id, { fingerprint, answer });
    try {
      return await answer;
    } finally {
      this.#running.delete(id);
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

  /**
   * Expired keys go as the kept keys grow, and each caller's count is taken again from the store (other instances
   * add to it); past a caller's cap, that caller's oldest go first.
   */
  #forgetOldest(scope: string, now: number): void {
    if (this.#entries.size >= this.#sweepAt) {
      this.#perScope.clear();
      for (const [id, entry] of this.#entries.entries()) {
        if (entry.expiresAt <= now) this.#entries.delete(id);
        else this.#perScope.set(entry.scope, (this.#perScope.get(entry.scope) ?? 0) + 1);
      }
      this.#sweepAt = Math.max(1024, this.#entries.size * 2);
    }
    if ((this.#perScope.get(scope) ?? 0) <= IDEMPOTENCY_MAX_KEYS) return;
    for (const [id, entry] of this.#entries.entries()) {
      if (entry.scope !== scope) continue;
      this.#forget(id);
      if ((this.#perScope.get(scope) ?? 0) <= IDEMPOTENCY_MAX_KEYS) break;
    }
  }
}

const KIND = 'signIn.idempotencyKeys';

const replayed = (first: Answer): Answer => ({
  ...first,
  headers: { ...first.headers, 'Idempotent-Replayed': 'true' },
});
