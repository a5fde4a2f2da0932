import { defineConfig } from 'vitest/config';

// One vitest run for every workspace's unit tests; each workspace keeps its own config.
export default defineConfig({
  test: { projects: ['openapi', 'sdk', 'web', 'web/ui', 'web/server', 'mock-server', 'scripts'] },
});
