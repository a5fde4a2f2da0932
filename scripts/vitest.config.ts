import { defineConfig } from 'vitest/config';

// The repository's own checks (the architecture test) and the drill's parts, a project of the root vitest run.
// `source` resolves the workspaces to their TypeScript (the mock and the host, in control-off-host.test.ts).
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    isolate: false,
    include: ['*.test.ts', 'drill/*.test.ts'],
    testTimeout: 30_000,
  },
});
