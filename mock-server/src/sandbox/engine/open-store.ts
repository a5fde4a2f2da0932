import { seedState } from './seed-state.js';
import { openPglite, openPostgres } from './sql-clients.js';
import { SqlStore } from './sql-store.js';
import { MemoryStore, type Store } from './store.js';

/** Where the engine keeps its state: `databaseUrl` (PostgreSQL), else `data` (PGlite in that folder), else memory. */
export interface StoreOptions {
  data?: string;
  databaseUrl?: string;
}

/** The store the options name, seeded when its database is new (an existing one keeps what it was told). */
export async function openStore(options: StoreOptions = {}): Promise<Store> {
  if (options.databaseUrl) return SqlStore.open(await openPostgres(options.databaseUrl), seedState);
  if (options.data) return SqlStore.open(await openPglite(options.data), seedState);
  return new MemoryStore();
}
