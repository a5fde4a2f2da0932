import { readFileSync } from 'node:fs';
import { paths } from '../../paths.js';
import { Engine } from './engine.js';
import { Schemas } from './schema.js';
import { seedState } from './seed-state.js';
import { MemoryStore, type Store } from './store.js';

/** The engine on the bundle the mock serves, over `store` (in memory by default), seeded. */
export function startEngine(options: { store?: Store; now?: () => number; schemas?: Schemas } = {}): Engine {
  const store = options.store ?? new MemoryStore();
  // A database that already holds state (`--data`, `DATABASE_URL`) keeps it: only an empty store is seeded.
  if (store.all('users')[Symbol.iterator]().next().done) seedState(store);
  return new Engine(store, options.schemas ?? loadSchemas(), options.now);
}

/** The bundle's schemas (2 MB of JSON, parsed once: several engines can share them). */
export const loadSchemas = (bundle = paths.bundle) => new Schemas(JSON.parse(readFileSync(bundle, 'utf8')));

export type { EngineRequest } from './engine.js';
