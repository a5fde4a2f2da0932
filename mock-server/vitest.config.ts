import { defineConfig } from 'vitest/config';

// `source` makes workspace packages resolve to their TypeScript (no build needed); tests run in Node, so the
// condition must be given for server-side resolution too.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    isolate: false,
    include: ['test/**/*.test.ts'],
    passWithNoTests: true,
    testTimeout: 30_000,
    // One Prism per configuration for every file (test/support/shared-prisms.ts), started before the files run.
    globalSetup: ['test/support/shared-prisms.ts'],
  },
});
