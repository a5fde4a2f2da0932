import { globalAgent } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import { AppliedLedger } from '../src/sandbox/ledger.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';
import { startSandboxServer } from '../src/sandbox/server.js';
import { quickHasher } from './support/quick-hasher.js';

// The sandbox's HTTP server on its own (no Prism): how it keeps connections, and its ledger of applied calls.
describe('the sandbox server', () => {
  it('keeps an idle connection longer than Prism’s agent does, so a reused one is never closed under a call', async () => {
    // Found by the fault drill: both sides at Node's 5 s, a call reusing a connection as the sandbox closed it failed
    // as "socket hang up", and Prism answered the visitor 500.
    const running = await startSandboxServer(await SignInSandbox.seeded({ hasher: quickHasher }), await freePort());
    try {
      // Node's global agent frees an idle connection after its `timeout` (5 000 ms on Node 20 to 24).
      const agentIdleMs = Number(
        (globalAgent as typeof globalAgent & { options: { timeout?: number } }).options.timeout,
      );
      expect(agentIdleMs).toBeGreaterThan(0);
      expect(running.server.keepAliveTimeout).toBeGreaterThan(agentIdleMs);
    } finally {
      await running.stop();
    }
  });

  it('records each call it applied by its request id, once per application; refusals and replays are not counted', async () => {
    const ledger = new AppliedLedger();
    const running = await startSandboxServer(
      await SignInSandbox.seeded({ hasher: quickHasher }),
      await freePort(),
      '127.0.0.1',
      undefined,
      ledger,
    );
    const create = (requestId: string, key: string, email: string) =>
      fetch(`${running.url}/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'idempotency-key': key },
        body: JSON.stringify({
          firstName: 'Led',
          lastName: 'Ger',
          email,
          password: 'Ledger-Ledger-1',
          captcha: 'x',
          industry: 'Corporate',
        }),
      });
    try {
      expect((await create('r-1', 'k-1', 'ledger.one@example.com')).status).toBe(201);
      // The same write again under its key: replayed, not applied again.
      expect((await create('r-1', 'k-1', 'ledger.one@example.com')).status).toBe(201);
      // The same address under a new key: refused (409), so nothing was applied.
      expect((await create('r-2', 'k-2', 'ledger.one@example.com')).status).toBe(409);
      // Without a key the sandbox applies every try: a retry of a call that was applied is applied again.
      await fetch(`${running.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'r-3' },
        body: JSON.stringify({ email: 'ledger.one@example.com', password: 'Ledger-Ledger-1' }),
      });
      await fetch(`${running.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'r-3' },
        body: JSON.stringify({ email: 'ledger.one@example.com', password: 'Ledger-Ledger-1' }),
      });
      expect([ledger.times('r-1'), ledger.times('r-2'), ledger.times('r-3'), ledger.times('r-4')]).toEqual([
        1, 0, 2, 0,
      ]);
      expect(ledger.size).toBe(2);
    } finally {
      await running.stop();
    }
  });
});
