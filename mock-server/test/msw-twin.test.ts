import { createApiClient } from '@runofshow/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../src/control/journal.js';
import { freePort } from '../src/free-port.js';
import { expectNoWriteAppliedTwice, type MswSandbox, mswSandbox } from '../src/msw/index.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { webCryptoHasher } from '../src/sandbox/web-hasher.js';
import { type RunningStack, startStack } from '../src/stack.js';

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

interface Seen {
  status: number | null;
  body: unknown;
}

/** Ids, tokens and times differ between two sandboxes by design; everything else must not. */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v)]));
  }
  if (typeof value !== 'string') return value;
  if (/^[0-9a-f]{24}$/.test(value) || /^gp_[0-9a-f]+$/.test(value)) return '<id>';
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) return '<time>';
  if (/^[\w-]{32,}$/.test(value) || /^ey[\w-]+\.[\w-]+\.[\w-]+$/.test(value)) return '<token>';
  return value;
}

/** The script: a sign-up, a sign-in, a team, an event, a show, a bad request, and faults on three calls. */
async function session(base: string): Promise<{ answers: Seen[]; journal: JournalEntry[] }> {
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${base}/__mock${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  expect((await control('POST', '/reset')).status).toBe(204);
  await control('POST', '/rules', { operations: ['users.create'], fault: { kind: 'lost' }, times: 1 });
  await control('POST', '/rules', { operations: ['auth.login'], fault: { kind: 'status', status: 503 }, times: 1 });
  await control('POST', '/rules', { operations: ['shows.create'], fault: { kind: 'cut' }, times: 1 });
  let accessToken: string | undefined;
  const client = createApiClient({
    endpoint: base,
    apiKey: 'twin-test',
    logger: false,
    getAccessToken: () => accessToken,
  });
  const answers: Seen[] = [];
  const keep = async <T>(call: Promise<T>): Promise<T> => {
    const body = await call;
    answers.push({ status: 200, body: normalize(body) });
    return body;
  };
  await keep(
    client.users.create({
      payload: {
        firstName: 'Tess',
        lastName: 'Twin',
        email: 'tess.twin@example.com',
        password: 'Twin-Session-42!',
        captcha: 'x',
        industry: 'Corporate',
      },
    }),
  );
  const signedIn = await keep(client.auth.login({ payload: { email: 'ada@example.com', password: SEED_PASSWORD } }));
  accessToken = signedIn.accessToken;
  const team = await keep(client.teams.create({ payload: { title: 'Twin Productions' } }));
  const event = await keep(
    client.events.create({ params: { teamId: String(team._id) }, payload: { title: 'Twin gala' } }),
  );
  await keep(
    client.shows.create({
      params: { teamId: String(team._id), eventId: String(event._id) },
      payload: { title: 'Twin show' },
    }),
  );
  // A call that breaks the description, sent as is (the SDK would not send it).
  const bad = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'twin-test' },
    body: JSON.stringify({ email: 'not-an-email', password: 'abc' }),
  });
  answers.push({ status: bad.status, body: normalize(await bad.json()) });
  const journal = ((await (await control('GET', '/journal')).json()) as { entries: JournalEntry[] }).entries;
  return { answers, journal };
}

/** A journal entry but for what differs by design: when, how long, which transport, which ids. */
const comparable = (e: JournalEntry) => ({
  method: e.method,
  path: e.path.replace(/[0-9a-f]{24}/g, '<id>'),
  operationId: e.operationId,
  idempotencyKey: e.idempotencyKey === null ? null : '<key>',
  requestId: e.requestId === null ? null : '<id>',
  caller: e.caller,
  status: e.status,
  fault: e.fault,
  applied: e.applied,
  violations: e.violations.length,
  body: normalize(e.body),
});

describe('the MSW twin', () => {
  it('runs a scripted session as the HTTP mock does: the same journal and the same answers', async () => {
    const http = await session(stack.mock.url);
    const msw = await session(MSW_BASE);
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
