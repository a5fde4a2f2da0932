import { defineConfig } from 'vitest/config';

// The repository's own checks (the architecture test), a project of the root vitest run.
export default defineConfig({
  test: { include: ['*.test.ts'] },
});
