import { readFileSync } from 'node:fs';
import { paths } from '../../paths.js';
import { Engine } from './engine.js';
import { Schemas } from './schema.js';
import { seedState } from './seed-state.js';
import { MemoryStore, type Store } from './store.js';

/** The engine on the bundle the mock serves, over `store` (in memory by default), seeded. */
export function startEngine(options: { store?: Store; now?: () => number; bundle?: string } = {}): Engine {
  const bundle = JSON.parse(readFileSync(options.bundle ?? paths.bundle, 'utf8'));
  const store = options.store ?? new MemoryStore();
  seedState(store);
  return new Engine(store, new Schemas(bundle), options.now);
}
