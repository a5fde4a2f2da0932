import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { fakeFetch, hang } from './fake-fetch.js';

// The test double must behave as a real fetch does, or the tests that use it flake under load.
describe('fakeFetch', () => {
  it('hears an abort after a garbage collection, as a real fetch does', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { fetch } = fakeFetch((request) => hang(request));
    const controller = new AbortController();
    const answer = fetch('https://api.example.test/x', { signal: controller.signal }).catch(() => 'aborted');
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    controller.abort();
    const hung = new Promise((resolve) => setTimeout(() => resolve('hung'), 500));
    expect(await Promise.race([answer, hung])).toBe('aborted');
  });
});
