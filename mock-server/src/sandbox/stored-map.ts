import type { Store } from './engine/store.js';

/**
 * A map of the sign-in slice kept in the sandbox's store under one kind (issue 31): in memory alone, it lives and dies
 * with its process; in the engine's store (`--data`, `DATABASE_URL`) every instance on the database shares it and it
 * outlasts a restart. A value read from it is the store's copy: change it, then `set` it again, or the change stays in
 * this process.
 */
export class StoredMap<V> {
  constructor(
    readonly kind: string,
    readonly store: () => Store,
  ) {}

  get(key: string): V | undefined {
    return this.store().get(this.kind, key)?.value as V | undefined;
  }

  has(key: string): boolean {
    return this.store().get(this.kind, key) !== undefined;
  }

  set(key: string, value: V): void {
    this.store().put(this.kind, { _id: key, value });
  }

  delete(key: string): boolean {
    return this.store().remove(this.kind, key);
  }

  get size(): number {
    return this.store().count(this.kind);
  }

  /** Oldest first; deleting the entry at hand while walking is allowed. */
  *entries(): Generator<[string, V]> {
    for (const record of [...this.store().all(this.kind)]) yield [record._id, record.value as V];
  }

  *values(): Generator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  clear(): void {
    for (const record of [...this.store().all(this.kind)]) this.store().remove(this.kind, record._id);
  }
}
