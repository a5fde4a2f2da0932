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

/** Calls per slice: the sides take turns this often, so drift in the machine meets them alike. */
const SLICE = 25;

/**
 * Runs each side's batch once per round, cut in slices of 25 calls that the sides take in turns (ABBA: the first
 * side leads in even slices, follows in odd ones); a round's figure for a side is the sum of its slices. Taking
 * turns this finely, neither side meets the machine in another state than the other (a busy neighbour, a CPU
 * clocked down), and a collector pause lands on whichever side's allocations set it off, as it would in an app: the
 * per-round ratios stay within a few percent where whole batches in turn swung 0.5-3x. CPU time is kept beside wall
 * time: on a machine other jobs load, the wall clock mostly measures them, while this process's CPU per call still
 * measures the code (the loopback server runs in the same process, so both sides carry its cost alike).
 */
export async function interleave(
  rounds: number,
  perBatch: number,
  sides: Readonly<Record<string, (count: number) => Promise<unknown>>>,
): Promise<Batches> {
  const names = Object.keys(sides);
  const wall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const slices = Math.max(1, Math.round(perBatch / SLICE));
  const count = Math.max(1, Math.round(perBatch / slices));
  for (let round = 0; round < rounds; round++) {
    const spentWall: Record<string, number> = Object.fromEntries(names.map((name) => [name, 0]));
    const spentCpu: Record<string, number> = { ...spentWall };
    for (let slice = 0; slice < slices; slice++) {
      const order = slice % 2 === 0 ? names : [...names].reverse();
      for (const name of order) {
        const spent = await time(() => (sides[name] as (count: number) => Promise<unknown>)(count));
        spentWall[name] = (spentWall[name] ?? 0) + spent.wall;
        spentCpu[name] = (spentCpu[name] ?? 0) + spent.cpu;
      }
    }
    for (const name of names) {
      wall[name]?.push(((spentWall[name] ?? 0) * 1000) / (slices * count));
      cpu[name]?.push(((spentCpu[name] ?? 0) * 1000) / (slices * count));
    }
  }
  return { wall, cpu };
}
