/** The q-quantile (0–1) of some numbers, by linear interpolation. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] ?? Number.NaN) + ((sorted[high] ?? Number.NaN) - (sorted[low] ?? Number.NaN)) * (at - low);
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

/** Milliseconds one run takes. */
export async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * Runs each side's batch once per round, in ABBA order (raw first in even rounds, second in odd ones), so neither
 * side always meets the machine right after the other; returns microseconds per call for every batch.
 */
export async function interleave(
  rounds: number,
  perBatch: number,
  sides: Readonly<Record<string, (count: number) => Promise<unknown>>>,
): Promise<Record<string, number[]>> {
  const names = Object.keys(sides);
  const perCall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const ms = await time(() => (sides[name] as (count: number) => Promise<unknown>)(perBatch));
      perCall[name]?.push((ms * 1000) / perBatch);
    }
  }
  return perCall;
}
