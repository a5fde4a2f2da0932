import { defineConfig } from 'vitest/config';

// `source` makes the SDK resolve to its TypeScript (no build needed); the tests run the host's source in Node.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    isolate: false,
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
