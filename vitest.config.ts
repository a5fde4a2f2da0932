import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run for every workspace's unit tests; each workspace keeps its own config.
// Each workspace runs with `isolate: false`: a worker keeps its module graph from file to file instead of starting a
// process and importing the SDK, the sandbox and vitest again for each of 128 files (the unit step's vitest: 230-250
// CPU-s isolated, 161 CPU-s shared, 2026-11-26; all 4,813 tests passing, and each workspace passing in shuffled file
// orders on one worker). A file sets up what it reads, and passes alone: `npx vitest run <file>`.
// Vitest runs one file per core less one by default: on 2 cores, one at a time, while most files spend their time
// waiting on a Prism or a sandbox in another process (the unit step at rest: 223 s on one worker, 133 s on two, all
// 4,695 tests passing; 2026-11-26). So at least two, and one per core.
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism()),
    projects: ['openapi', 'sdk', 'web', 'web/ui', 'web/server', 'mock-server', 'scripts'],
  },
});
