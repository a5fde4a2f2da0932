/** A stored record: every resource has a 24-character `_id`; the rest is what the description's schema holds. */
export type StoredRecord = { _id: string } & Record<string, unknown>;

/**
 * What the engine keeps its state in. Small on purpose (get, put, remove, scan by kind), so that an embedded or server
 * PostgreSQL store can take the in-memory one's place without the engine changing. Writes are whole records: a store
 * never sees a half-applied change.
 */
export interface Store {
  get(kind: string, id: string): StoredRecord | undefined;
  put(kind: string, record: StoredRecord): void;
  remove(kind: string, id: string): boolean;
  /** Every record of a kind, in insertion order (oldest first). */
  all(kind: string): Iterable<StoredRecord>;
  /** How many records of a kind there are. */
  count(kind: string): number;
  /**
   * A durable store (`sql-store.ts`) brings in what other instances on the same database wrote, before a call reads.
   * Absent: the store is the process's own and always current.
   */
  refresh?(): Promise<void>;
  /** A durable store commits the call's writes before it is answered, so no write answered 2xx is lost. */
  flush?(): Promise<void>;
  /**
   * A store other instances write to runs `work` as one transaction under the instances' common write lock: it reads
   * what they committed, runs, and commits, and no other instance writes in between. What a check-then-write across
   * instances needs (an idempotency key seen once, a seed written once). Absent: `work` runs as any call does.
   */
  exclusive?<T>(work: () => Promise<T> | T): Promise<T>;
  /** Releases the database connection (or the embedded database's files). */
  close?(): Promise<void>;
}

/** The store of tests and of `npm start` without `--data`: it lives as long as the process. */
export class MemoryStore implements Store {
  readonly #kinds = new Map<string, Map<string, StoredRecord>>();

  #kind(kind: string): Map<string, StoredRecord> {
    let records = this.#kinds.get(kind);
    if (!records) {
      records = new Map();
      this.#kinds.set(kind, records);
    }
    return records;
  }

  get(kind: string, id: string): StoredRecord | undefined {
    return this.#kinds.get(kind)?.get(id);
  }

  put(kind: string, record: StoredRecord): void {
    this.#kind(kind).set(record._id, record);
  }

  remove(kind: string, id: string): boolean {
    return this.#kinds.get(kind)?.delete(id) ?? false;
  }

  all(kind: string): Iterable<StoredRecord> {
    return this.#kinds.get(kind)?.values() ?? [];
  }

  count(kind: string): number {
    return this.#kinds.get(kind)?.size ?? 0;
  }
}
