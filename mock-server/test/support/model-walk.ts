import fc from 'fast-check';

// The model-based walks' runner (engine-model.test.ts, engine-model-sdk.test.ts): rounds of ten seeded sequences until
// the target number of steps was taken, fast-check shrinking any failing sequence.

export interface Walked<R> {
  send: R;
  log: string[];
}

/** Runs the walk until `target` steps were taken, fast-check shrinking any failing sequence. */
export async function walk<M extends object, R extends (...args: never[]) => Promise<unknown>>(
  target: number,
  fresh: () => Promise<Walked<R>>,
  moves: fc.Arbitrary<fc.AsyncCommand<M, Walked<R>>>[],
  empty: () => M,
  size: fc.SizeForArbitrary = 'small',
  seed = 31,
): Promise<{ steps: number; runs: number }> {
  let steps = 0;
  let runs = 0;
  for (let round = 0; steps < target; round++) {
    await fc.assert(
      fc.asyncProperty(fc.commands(moves, { maxCommands: 60, size }), async (sequence) => {
        const real = await fresh();
        const counted = {
          log: real.log,
          send: ((...args) => {
            steps++;
            return real.send(...args);
          }) as R,
        };
        runs++;
        await fc.asyncModelRun(() => ({ model: empty(), real: counted }), sequence);
      }),
      { numRuns: 10, seed: seed + round, verbose: 1 },
    );
  }
  return { steps, runs };
}
