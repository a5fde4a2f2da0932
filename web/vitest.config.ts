import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  // The stores' tests run in Node and import the SDK: the condition must hold for server-side resolution too.
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    isolate: false,
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test-setup.test-support.ts'],
  },
});
