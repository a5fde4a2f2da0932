/**
 * A seeded random source (mulberry32): a fault rule with a probability, and the drill's schedule and jitter, follow
 * from their seed alone, so a run that failed runs again the same way with the seed it printed.
 */
export class SeededRandom {
  #state: number;

  constructor(readonly seed: number) {
    this.#state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

/** The seed from `DRILL_SEED`, else a new one (printed by the drill either way). */
export function seedFrom(env: string | undefined): number {
  if (env !== undefined && env !== '') {
    if (!/^\d{1,10}$/.test(env) || Number(env) > 0xffffffff)
      throw new Error(`DRILL_SEED must be 0 to 4294967295, not ${env}`);
    return Number(env);
  }
  return Math.floor(Math.random() * 0xffffffff);
}
