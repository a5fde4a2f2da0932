/** One exchange through the mock (or its MSW twin), as a test reads it back. */
export interface JournalEntry {
  /** Its number since the mock started (gaps after a clear or once old entries are dropped). */
  seq: number;
  /** When it arrived (ISO 8601). */
  at: string;
  method: string;
  /** The path, tokens in it redacted as the mock's log does. */
  path: string;
  operationId: string | null;
  transport: 'http' | 'msw';
  requestId: string | null;
  idempotencyKey: string | null;
  /** Whose access token it carried: that user's e-mail address, or null (none, or not a live one). */
  caller: string | null;
  /** What the client received; null when its connection was cut. */
  status: number | null;
  durationMs: number;
  /** The fault injected (`status 503`, `cut`, `lost, 503`, …), or null. */
  fault: string | null;
  /** Whether the sandbox applied a write (a replay under its `Idempotency-Key` is not an application). */
  applied: boolean;
  /** The contract's verdict: the rules of the description the exchange broke (none: it kept to it). */
  violations: string[];
  /** The JSON body sent, its secrets (passwords, codes, tokens) replaced by `[redacted]`. */
  body: unknown;
}

export interface JournalFilter {
  operationId?: string;
  requestId?: string;
  /** ISO 8601 bounds on `at`, inclusive. */
  since?: string;
  until?: string;
}

/**
 * The request journal, in memory and bounded: the newest `capacity` exchanges (1,000 by default, about 1 KB each
 * without large bodies), the oldest dropped first and counted in `dropped`.
 */
export class Journal {
  // A ring: recording is O(1) however full it is (a shifted array cost 58 µs a call once full).
  readonly #ring: (JournalEntry | undefined)[];
  #next = 0;
  #size = 0;
  #seq = 0;
  dropped = 0;
  enabled = true;

  constructor(readonly capacity = 1000) {
    this.#ring = new Array(capacity);
  }

  /** The next entry's number (taken when the call arrives, so entries keep arrival order). */
  take(): number {
    return ++this.#seq;
  }

  record(entry: JournalEntry): void {
    if (!this.enabled) return;
    if (this.#size === this.capacity) this.dropped++;
    else this.#size++;
    this.#ring[this.#next] = entry;
    this.#next = (this.#next + 1) % this.capacity;
  }

  entries(filter: JournalFilter = {}): JournalEntry[] {
    const kept: JournalEntry[] = [];
    for (let i = 0; i < this.#size; i++) {
      const entry = this.#ring[(this.#next - this.#size + i + this.capacity) % this.capacity];
      if (entry) kept.push(entry);
    }
    return kept
      .filter(
        (e) =>
          (filter.operationId === undefined || e.operationId === filter.operationId) &&
          (filter.requestId === undefined || e.requestId === filter.requestId) &&
          (filter.since === undefined || e.at >= filter.since) &&
          (filter.until === undefined || e.at <= filter.until),
      )
      .sort((a, b) => a.seq - b.seq);
  }

  clear(): void {
    this.#ring.fill(undefined);
    this.#next = 0;
    this.#size = 0;
    this.dropped = 0;
  }
}

const SECRET = /password|secret|code|token|captcha/i;

/** A body as the journal keeps it: secrets out, the rest as sent. */
export function journalBody(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(journalBody);
  if (typeof body !== 'object' || body === null) return body ?? null;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, SECRET.test(key) ? '[redacted]' : journalBody(value)]),
  );
}
