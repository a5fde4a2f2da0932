import type { Store } from './store.js';

/**
 * Calls over a durable store run one at a time: each first reads what other instances committed, then runs, then
 * commits its own writes before its answer goes out (a SIGKILL after a 2xx loses nothing). Over the in-memory store
 * calls run as they come, as before.
 */
export class Turns {
  #tail: Promise<unknown> = Promise.resolve();

  constructor(readonly store: Store) {}

  /**
   * `exclusive`: the turn holds the instances' write lock from its read to its commit (`Store.exclusive`), for a
   * check-then-write no other instance may interleave with.
   */
  run<T>(work: () => Promise<T> | T, { exclusive = false } = {}): Promise<T> {
    const { store } = this;
    if (!store.flush) return Promise.resolve(work());
    const turn = this.#tail.then(async () => {
      if (exclusive && store.exclusive) return store.exclusive(work);
      await store.refresh?.();
      try {
        return await work();
      } finally {
        await store.flush?.();
      }
    });
    this.#tail = turn.catch(() => {});
    return turn;
  }
}
