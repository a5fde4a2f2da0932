import type { Query, SqlClient } from './sql-store.js';

/**
 * PGlite (PostgreSQL compiled to WebAssembly) in `dir`: the embedded store of `--data`. One process owns the folder,
 * so nothing else writes to it. Imported only when asked for: the in-memory default does not pay for loading it.
 */
export async function openPglite(dir: string): Promise<SqlClient> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dir);
  const query: Query = (text, params) => db.query<Record<string, unknown>>(text, params);
  return {
    query,
    transaction: (work) => db.transaction((tx) => work((text, params) => tx.query(text, params))),
    close: () => db.close(),
    shared: false,
  };
}

/** A PostgreSQL server (`DATABASE_URL`), which several sandbox instances can share. */
export async function openPostgres(url: string): Promise<SqlClient> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // A connection the server drops (a restart) is replaced on the next call; unhandled, it would end the process.
  pool.on('error', () => {});
  const query: Query = (text, params) => pool.query(text, params);
  return {
    query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work((text, params) => client.query(text, params));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    shared: true,
  };
}
