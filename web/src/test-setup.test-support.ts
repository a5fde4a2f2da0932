// The unit tests read every text of the catalogue (the §5 schemas' messages): the app loads a screen's part of it
// with the screen (app.tsx), the tests load every part in English before they start.
import { afterAll, vi } from 'vitest';
import { loadTexts, type Part } from './lib/i18n/locale.js';

const parts: Part[] = ['core', 'login', 'account', 'signup', 'invite', 'sso', 'forgot', 'reset', 'verify', 'rules'];
await Promise.all(parts.map(loadTexts));

// The files of a worker share one module graph (vitest.config.ts, `isolate: false`): the page and `fetch` a file
// stubs (lib/api/fake-api.test-support.ts) and the console it silences go back when the file ends, as they did when
// each file had a process of its own.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
