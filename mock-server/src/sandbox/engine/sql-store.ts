import { MemoryStore, type Store, type StoredRecord } from './store.js';

/** One statement on a SQL connection: PGlite's and `pg`'s `query` both have this shape. */
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** What `SqlStore` needs of a database: statements, and a transaction on one connection. */
export interface SqlClient {
  query: Query;
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Other processes write to the same database (a PostgreSQL server), so reads must look for their writes. */
  shared: boolean;
}

/**
 * Every write takes this lock from the moment it draws its sequence numbers to its commit, so sequence order is commit
 * order and an instance that has read up to number n has seen every write numbered n or less (no gaps to miss).
 */
const WRITE_LOCK = 31_031;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sandbox_records (
  kind text NOT NULL,
  id text NOT NULL,
  seq bigint NOT NULL,
  created bigint NOT NULL,
  data text,
  PRIMARY KEY (kind, id)
);
CREATE INDEX IF NOT EXISTS sandbox_records_seq ON sandbox_records (seq);
CREATE SEQUENCE IF NOT EXISTS sandbox_seq;
`;

/**
 * The engine's state in PostgreSQL (embedded PGlite or a server), one row per record as JSON text. The engine reads a
 * copy in memory, as fast as the in-memory store; each call's writes are kept aside and committed in one transaction
 * by `flush` before the call is answered, and `refresh` brings in the rows other instances committed since (a removed
 * record stays as a row without data, so they see the removal too). The server runs one call at a time per instance
 * over such a store (`turns.ts`), so a refresh never lands on a write not yet committed.
 */
export class SqlStore implements Store {
  #memory = new MemoryStore();
  readonly #pending = new Map<string, { kind: string; id: string; record: StoredRecord | undefined }>();
  #seen = 0;
  /** After a failed commit the copy may hold writes the database does not: it is read again whole. */
  #stale = false;

  private constructor(readonly client: SqlClient) {}

  /** Opens the tables (creating them), seeding an empty database with `seed` once, whichever instance comes first. */
  static async open(client: SqlClient, seed: (store: Store) => void): Promise<SqlStore> {
    const store = new SqlStore(client);
    await client.transaction(async (query) => {
      await query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
      for (const statement of SCHEMA.split(';').filter((s) => s.trim())) await query(statement);
      const { rows } = await query('SELECT count(*)::int AS n FROM sandbox_records');
      if (Number(rows[0]?.n) === 0) {
        seed(store);
        await store.#write(query);
      }
      await store.#load(query);
    });
    return store;
  }

  get(kind: string, id: string): StoredRecord | undefined {
    return this.#memory.get(kind, id);
  }

  put(kind: string, record: StoredRecord): void {
    this.#memory.put(kind, record);
    this.#pending.set(key(kind, record._id), { kind, id: record._id, record });
  }

  remove(kind: string, id: string): boolean {
    const removed = this.#memory.remove(kind, id);
    if (removed) this.#pending.set(key(kind, id), { kind, id, record: undefined });
    return removed;
  }

  all(kind: string): Iterable<StoredRecord> {
    return this.#memory.all(kind);
  }

  count(kind: string): number {
    return this.#memory.count(kind);
  }

  refresh(): Promise<void> {
    return this.#catchUp(this.client.query);
  }

  async exclusive<T>(work: () => Promise<T> | T): Promise<T> {
    if (!this.client.shared) {
      await this.refresh();
      try {
        return await work();
      } finally {
        await this.flush();
      }
    }
    try {
      return await this.client.transaction(async (query) => {
        await query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
        await this.#catchUp(query);
        const result = await work();
        if (this.#pending.size) await this.#write(query);
        return result;
      });
    } catch (error) {
      this.#stale = true;
      throw error;
    }
  }

  async #catchUp(query: Query): Promise<void> {
    if (this.#stale) {
      this.#pending.clear();
      this.#memory = new MemoryStore();
      this.#seen = 0;
      await this.#load(query);
      this.#stale = false;
      return;
    }
    if (!this.client.shared) return;
    const { rows } = await query('SELECT kind, id, seq, data FROM sandbox_records WHERE seq > $1 ORDER BY seq', [
      this.#seen,
    ]);
    this.#apply(rows);
  }

  async flush(): Promise<void> {
    if (this.#pending.size === 0) return;
    try {
      await this.client.transaction(async (query) => {
        await query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
        await this.#write(query);
      });
    } catch (error) {
      this.#stale = true;
      throw error;
    }
  }

  close(): Promise<void> {
    return this.client.close();
  }

  async #write(query: Query): Promise<void> {
    const writes = [...this.#pending.values()];
    this.#pending.clear();
    // One statement for the whole call; the numbers are drawn in the order the writes were made.
    await query(
      `INSERT INTO sandbox_records (kind, id, seq, created, data)
       SELECT k, i, s, s, d FROM (
         SELECT k, i, d, nextval('sandbox_seq') AS s FROM unnest($1::text[], $2::text[], $3::text[]) AS u(k, i, d)
       ) AS numbered
       ON CONFLICT (kind, id) DO UPDATE SET seq = EXCLUDED.seq, data = EXCLUDED.data`,
      [writes.map((w) => w.kind), writes.map((w) => w.id), writes.map((w) => (w.record ? encode(w.record) : null))],
    );
  }

  async #load(query: Query): Promise<void> {
    const { rows } = await query('SELECT kind, id, seq, data FROM sandbox_records ORDER BY created');
    this.#apply(rows);
  }

  #apply(rows: Record<string, unknown>[]): void {
    for (const row of rows) {
      const kind = String(row.kind);
      if (typeof row.data === 'string') this.#memory.put(kind, decode(row.data));
      else this.#memory.remove(kind, String(row.id));
      this.#seen = Math.max(this.#seen, Number(row.seq));
    }
  }
}

const key = (kind: string, id: string) => `${kind}\n${id}`;

/** Records are JSON, except an upload's bytes (a `Buffer` field), which travel as base64. */
function encode(record: StoredRecord): string {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    out[field] = value instanceof Uint8Array ? { $bytes: Buffer.from(value).toString('base64') } : value;
  }
  return JSON.stringify(out);
}

function decode(text: string): StoredRecord {
  const record = JSON.parse(text) as StoredRecord;
  for (const [field, value] of Object.entries(record)) {
    if (typeof value === 'object' && value !== null && '$bytes' in value && typeof value.$bytes === 'string')
      record[field] = Buffer.from(value.$bytes, 'base64');
  }
  return record;
}
