import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import { expectNoWriteAppliedTwice, type MswSandbox, mswSandbox } from '../src/msw/index.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { webCryptoHasher } from '../src/sandbox/web-hasher.js';
import { type RunningStack, startStack } from '../src/stack.js';
import { comparable, session } from './support/twin-session.js';

// Issue 32: one scripted session against the HTTP mock (the front, Prism's validating proxy, the sandbox server) and
// against the MSW twin in this process: the same journal, field for field but for times, ids and transport, and
// the same answers but for ids, tokens and times.
const MSW_BASE = 'http://sandbox.msw.test';
let stack: RunningStack;
let twin: MswSandbox;
const server = setupServer();

beforeAll(async () => {
  [stack, twin] = await Promise.all([
    startStack({ mockPort: await freePort(), sandbox: true, log: () => {}, onExchange: () => {} }),
    // Few PBKDF2 rounds: the seeded accounts hash at start, and the test is about behaviour, not hashing cost.
    mswSandbox({ baseUrl: MSW_BASE, hasher: webCryptoHasher(1000) }),
  ]);
  server.use(...twin.handlers);
  // Calls to the HTTP mock on loopback pass through MSW untouched.
  server.listen({ onUnhandledRequest: 'bypass' });
}, 120_000);

afterAll(async () => {
  server.close();
  await stack?.stop();
});

describe('the MSW twin', () => {
  it('runs a scripted session as the HTTP mock does: the same journal and the same answers', async () => {
    const http = await session(stack.mock.url);
    const msw = await session(MSW_BASE);
    expect(http.resetStatus).toBe(204);
    expect(msw.journal.every((e) => e.transport === 'msw')).toBe(true);
    expect(http.journal.every((e) => e.transport === 'http')).toBe(true);
    expect(msw.journal.map(comparable)).toEqual(http.journal.map(comparable));
    expect(msw.answers).toEqual(http.answers);
    // The session met every fault it asked for, and no write was applied twice by the SDK's retries.
    expect(msw.journal.map((e) => e.fault).filter(Boolean)).toEqual(['lost, 503', 'status 503', 'cut']);
    expectNoWriteAppliedTwice(msw.journal);
  });

  it('refuses a call that breaks the description with the 422 the HTTP mock answers', async () => {
    const call = (base: string) =>
      fetch(`${base}/users/not-an-email/has2fa`, { headers: { 'x-api-key': 'twin-test' } }).then(async (r) => ({
        status: r.status,
        type: r.headers.get('content-type'),
        body: (await r.json()) as { type: string; errors: { location: string[]; code: string; message: string }[] },
      }));
    const [http, msw] = await Promise.all([call(stack.mock.url), call(MSW_BASE)]);
    expect(msw.status).toBe(422);
    expect(msw.type).toBe('application/problem+json');
    expect(msw.body).toEqual(http.body);
  });

  it('answers a call without the API key, and one for no operation, as Prism’s validating proxy does', async () => {
    const read = (r: Response) => r.json().then((body: unknown) => [r.status, body]);
    const noKey = (base: string) =>
      fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@example.com', password: SEED_PASSWORD }),
      }).then(read);
    expect(await noKey(MSW_BASE)).toEqual(await noKey(stack.mock.url));
    const nowhere = (base: string) => fetch(`${base}/nothing/here`, { headers: { 'x-api-key': 'k' } }).then(read);
    const [status] = await nowhere(MSW_BASE);
    expect(status).toBe(404);
    expect(await nowhere(MSW_BASE)).toEqual(await nowhere(stack.mock.url));
  });
});
