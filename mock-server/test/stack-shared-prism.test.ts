import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import { startStack } from '../src/stack.js';

// The files share one Prism (support/shared-prisms.ts): a stack given its address must put its front in front of that
// one, start none, and leave it running when it stops, or the other files lose their Prism mid-run.
const shared = inject('prismBundle');

describe('a stack on a shared Prism', () => {
  it('answers through the shared Prism and leaves it running when it stops', async () => {
    const stack = await startStack({ mockPort: await freePort(), prismUrl: shared });
    expect(stack.prism.url).toBe(shared);
    const answer = await fetch(`${stack.mock.url}/users/ada%40example.com/has2fa`, {
      headers: { 'x-api-key': 'qa-key' },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ hasTwoFactorAuth: expect.any(Boolean) });
    await stack.stop();
    const after = await fetch(`${shared}/users/ada%40example.com/has2fa`, { headers: { 'x-api-key': 'qa-key' } });
    expect(after.status).toBe(200);
    await after.body?.cancel();
  });

  it('refuses to put the sandbox or an upstream behind a shared Prism, which proxies to neither', async () => {
    const mockPort = await freePort();
    await expect(startStack({ mockPort, prismUrl: shared, sandbox: true })).rejects.toThrow(/shared Prism/);
    await expect(startStack({ mockPort, prismUrl: shared, upstream: 'http://127.0.0.1:9' })).rejects.toThrow(
      /shared Prism/,
    );
  });

  it('asks for a validating Prism only with a backend for it to stand in front of (the sandbox or an upstream)', async () => {
    const asked: string[] = [];
    const validatingPrism = async (backend: string) => {
      asked.push(backend);
      return { url: shared, stop: async () => {} };
    };
    await expect(startStack({ mockPort: await freePort(), validatingPrism })).rejects.toThrow(/validating Prism/);
    expect(asked).toEqual([]);
  });
});
