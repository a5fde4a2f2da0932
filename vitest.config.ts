import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run for every workspace's unit tests; each workspace keeps its own config.
// Vitest runs one file per core less one by default: on 2 cores, one at a time, while most files spend their time
// waiting on a Prism or a sandbox in another process (the unit step at rest: 223 s on one worker, 133 s on two, all
// 4,695 tests passing; 2026-11-26). So at least two, and one per core.
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism()),
    projects: ['openapi', 'sdk', 'web', 'web/ui', 'web/server', 'mock-server', 'scripts'],
  },
});
