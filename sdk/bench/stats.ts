/** The q-quantile (0–1) of some numbers, by linear interpolation. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] ?? Number.NaN) + ((sorted[high] ?? Number.NaN) - (sorted[low] ?? Number.NaN)) * (at - low);
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

/** Milliseconds one run takes: on the wall clock, and of this process's CPU (user + system). */
export async function time(run: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

/** Microseconds per call of each batch, on the wall clock and in CPU time. */
export interface Batches {
  wall: Record<string, number[]>;
  cpu: Record<string, number[]>;
}

/**
 * Runs each side's batch once per round, in ABBA order (raw first in even rounds, second in odd ones), so neither
 * side always meets the machine right after the other. CPU time is kept beside wall time: on a machine other jobs
 * load, the wall clock mostly measures them, while this process's CPU per call still measures the code (the
 * loopback server runs in the same process, so both sides carry its cost alike).
 */
export async function interleave(
  rounds: number,
  perBatch: number,
  sides: Readonly<Record<string, (count: number) => Promise<unknown>>>,
): Promise<Batches> {
  const names = Object.keys(sides);
  const wall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const spent = await time(() => (sides[name] as (count: number) => Promise<unknown>)(perBatch));
      wall[name]?.push((spent.wall * 1000) / perBatch);
      cpu[name]?.push((spent.cpu * 1000) / perBatch);
    }
  }
  return { wall, cpu };
}
