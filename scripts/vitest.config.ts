import { defineConfig } from 'vitest/config';

// The repository's own checks (the architecture test) and the drill's parts, a project of the root vitest run.
export default defineConfig({
  test: { include: ['*.test.ts', 'drill/*.test.ts'] },
});
