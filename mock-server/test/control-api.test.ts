import { readFileSync } from 'node:fs';
import { printProblem, readmeBlocks } from '@runofshow/devkit/readme-output';
import { createApiClient } from '@runofshow/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCalled, expectNoWriteAppliedTwice } from '../src/control/assert.js';
import type { JournalEntry } from '../src/control/journal.js';
import { freePort } from '../src/free-port.js';
import { type MswSandbox, mswSandbox } from '../src/msw/index.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { webCryptoHasher } from '../src/sandbox/web-hasher.js';
import { type RunningStack, startStack } from '../src/stack.js';
import { type FaultTarget, faultScenarios } from './support/fault-scenarios.js';
import { quickHasher } from './support/quick-hasher.js';
import { sharedValidatingPrism } from './support/shared-validating-prism.js';
import { comparable, session } from './support/twin-session.js';

// Issue 32: the control API on the mock's own port, over the sandbox behind the real Prism on the real bundle, each
// fault as the SDK meets it: retried, surfaced, never applied twice.
let stack: RunningStack;
let base: string;

beforeAll(async () => {
  stack = await startStack({
    mockPort: await freePort(),
    sandbox: true,
    sandboxOptions: { hasher: quickHasher },
    validatingPrism: sharedValidatingPrism,
  });
  base = stack.mock.url;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

beforeEach(async () => {
  expect((await control('POST', '/reset')).status).toBe(204);
});

function control(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${base}/__mock${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

async function journal(query = ''): Promise<JournalEntry[]> {
  const answer = await control('GET', `/journal${query}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { entries: JournalEntry[] }).entries;
}

const api = () => createApiClient({ endpoint: base, apiKey: 'development-api-key', logger: false });
const signUp = (email: string) => ({
  firstName: 'Jo',
  lastName: 'Urnal',
  email,
  password: 'Journal-Journal-1',
  captcha: 'x',
  industry: 'Corporate' as const,
});

describe('each fault kind through the SDK (the scenarios test/msw-faults.test.ts runs over MSW)', () => {
  const target: FaultTarget = {
    get base() {
      return base;
    },
    transport: 'http',
  };
  for (const scenario of faultScenarios) it(scenario.name, () => scenario.run(target));
});

describe('the control API', () => {
  it('holds a call for a stall (Prefer) and for a ranged latency of the operations a glob names (rule)', async () => {
    const stalled = await fetch(`${base}/users/ada%40example.com/has2fa`, {
      headers: { 'x-api-key': 'k', prefer: 'fault=stall; ms=300' },
    });
    expect(stalled.status).toBe(200);
    expect(stalled.headers.get('x-mock-fault')).toBeNull();
    await control('POST', '/rules', { operations: ['users.has*'], latency: { min: 150, max: 200 } });
    await fetch(`${base}/users/ada%40example.com/has2fa`, { headers: { 'x-api-key': 'k' } });
    const [stall, slow] = await journal();
    expect(stall?.fault).toBe('stall 300ms');
    expect(stall?.durationMs).toBeGreaterThanOrEqual(300);
    expect(slow?.fault).toBeNull();
    expect(slow?.durationMs).toBeGreaterThanOrEqual(150);
  });

  it('filters the journal by operation, request id and time, and clears it', async () => {
    const from = new Date().toISOString();
    // The journal's times are in milliseconds and `until` includes its own: a call stamped within the same
    // millisecond as `from` is rightly "until from". The calls go out once the clock has moved past it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await fetch(`${base}/users/ada%40example.com/has2fa`, { headers: { 'x-api-key': 'k', 'x-request-id': 'find-me' } });
    await fetch(`${base}/tokens/valid`, { headers: { 'x-api-key': 'k' } });
    expect((await journal('?requestId=find-me')).map((e) => e.operationId)).toEqual(['users.hasTwoFactorAuth']);
    expect((await journal('?operationId=tokens.isValid')).length).toBe(1);
    expect((await journal(`?since=${from}`)).length).toBe(2);
    expect(await journal(`?until=${from}`)).toEqual([]);
    expect((await control('DELETE', '/journal')).status).toBe(204);
    expect(await journal()).toEqual([]);
  });

  it('refuses a rule it cannot follow with a problem saying why, and a path it does not have with 404', async () => {
    const bad = await control('POST', '/rules', { fault: { kind: 'status', status: 418 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/^fault\.status: /);
    expect((await control('GET', '/nothing')).status).toBe(404);
    expect((await fetch(`${base}/users/a%40b.co/has2fa`, { headers: { prefer: 'fault=200' } })).status).toBe(400);
  });
});

describe('a scripted session with faults on three calls', () => {
  it('signs in, makes an event and a show through a 503, a lost answer and a cut: each applied once', async () => {
    const TEAM = '65a1f0c2e4b0a1b2c3d4e5f7';
    await control('POST', '/rules', { operations: ['auth.login'], fault: { kind: 'status', status: 503 }, times: 1 });
    await control('POST', '/rules', { operations: ['events.create'], fault: { kind: 'lost' }, times: 1 });
    await control('POST', '/rules', { operations: ['shows.create'], fault: { kind: 'cut' }, times: 1 });
    let accessToken: string | undefined;
    const client = createApiClient({
      endpoint: base,
      apiKey: 'development-api-key',
      logger: false,
      getAccessToken: () => accessToken,
    });
    accessToken = (await client.auth.login({ payload: { email: 'ada@example.com', password: SEED_PASSWORD } }))
      .accessToken;
    const event = await client.events.create({ params: { teamId: TEAM }, payload: { title: 'Scripted gala' } });
    await client.shows.create({
      params: { teamId: TEAM, eventId: String(event._id) },
      payload: { title: 'Scripted show' },
    });
    const entries = await journal();
    expect(entries.map((e) => [e.operationId, e.status, e.fault, e.applied])).toEqual([
      ['auth.login', 503, 'status 503', false],
      ['auth.login', 200, null, true],
      ['events.create', 503, 'lost, 503', true],
      ['events.create', 201, null, false],
      ['shows.create', null, 'cut', false],
      ['shows.create', 201, null, true],
    ]);
    expect(entries.slice(2).every((e) => e.caller === 'ada@example.com')).toBe(true);
    expectNoWriteAppliedTwice(entries);
    expectCalled(entries, 'events.create', { title: 'Scripted gala' });
    // The state holds one of each, as the journal says.
    const { records } = (await (await control('GET', '/fixture')).json()) as {
      records: Record<string, { title?: string }[]>;
    };
    expect(records.events?.filter((e) => e.title === 'Scripted gala')).toHaveLength(1);
    expect(records.shows?.filter((e) => e.title === 'Scripted show')).toHaveLength(1);
  });
});

describe('fixtures', () => {
  it('exports the whole state, loads it back over later changes, and resets to the last one loaded', async () => {
    const before = await (await control('GET', '/fixture')).json();
    await api().users.create({ payload: signUp('fixture.one@example.com') });
    const login = () =>
      fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'fixture.one@example.com', password: 'Journal-Journal-1' }),
      });
    // Unverified, but known: 403 (§8), where an unknown address gets 401.
    const known = (await login()).status;
    expect(known).not.toBe(401);
    const after = await (await control('GET', '/fixture')).json();
    expect((await control('PUT', '/fixture', before)).status).toBe(204);
    expect((await login()).status).toBe(401);
    expect((await control('PUT', '/fixture', after)).status).toBe(204);
    expect((await login()).status).toBe(known);
    // The loaded fixture is what a reset returns to.
    await control('POST', '/reset');
    expect((await login()).status).toBe(known);
    expect((await control('PUT', '/fixture', { format: 'other' })).status).toBe(400);
  });
});

// One scripted session against this HTTP mock (the front, Prism's validating proxy, the sandbox server) and against
// the MSW twin in this process: the same journal, field for field but for times, ids and transport, and the same
// answers but for ids, tokens and times. MSW intercepts fetch only while these run; the mock's calls pass through it.
describe('the MSW twin', () => {
  const MSW_BASE = 'http://sandbox.msw.test';
  const server = setupServer();
  let twin: MswSandbox;

  beforeAll(async () => {
    // Few PBKDF2 rounds: the seeded accounts hash at start, and the test is about behaviour, not hashing cost.
    twin = await mswSandbox({ baseUrl: MSW_BASE, hasher: webCryptoHasher(1000) });
    server.use(...twin.handlers);
    server.listen({ onUnhandledRequest: 'bypass' });
  });

  afterAll(() => server.close());

  it('runs a scripted session as the HTTP mock does: the same journal and the same answers', async () => {
    const http = await session(base);
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

  it('loads a fixture exported from the HTTP mock: the same state, read back operation by operation', async () => {
    await session(base);
    const fixture = (await (await fetch(`${base}/__mock/fixture`)).json()) as {
      records: Record<string, { _id: string; title?: string }[]>;
    };
    const put = { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fixture) };
    expect((await fetch(`${MSW_BASE}/__mock/fixture`, put)).status).toBe(204);
    expect(((await (await fetch(`${MSW_BASE}/__mock/fixture`)).json()) as typeof fixture).records).toEqual(
      fixture.records,
    );
    const team = fixture.records.teams?.find((t) => t.title === 'Twin Productions')?._id;
    const event = fixture.records.events?.find((e) => e.title === 'Twin gala')?._id;
    const read = async (at: string) => {
      const client = createApiClient({ endpoint: at, apiKey: 'twin-test', logger: false });
      const { accessToken } = await client.auth.login({
        payload: { email: 'ada@example.com', password: SEED_PASSWORD },
      });
      const get = (path: string) =>
        fetch(`${at}${path}?accessToken=${accessToken}`, { headers: { 'x-api-key': 'twin-test' } }).then(async (r) => [
          r.status,
          await r.json(),
        ]);
      return [await get(`/teams/${team}`), await get(`/events/${event}`), await get(`/events/${event}/shows`)];
    };
    const [http, msw] = [await read(base), await read(MSW_BASE)];
    expect(http.map(([status]) => status)).toEqual([200, 200, 200]);
    expect(msw).toEqual(http);
  });

  it('answers a record that breaks its schema with Prism’s --errors 500, and journals the verdict, as the HTTP mock', async () => {
    // A fixture whose account has a number for a first name: the sign-in slice answers it as stored (the engine would
    // fit it to its schema), the description says string.
    const exported = await (await fetch(`${base}/__mock/fixture`)).text();
    const fixture = JSON.parse(exported) as {
      signIn: { accounts: { user: { email: string; firstName: unknown } }[] };
    };
    const ada = fixture.signIn.accounts.find((a) => a.user.email === 'ada@example.com');
    if (!ada) throw new Error('the seeded world has no Ada');
    ada.user.firstName = 42;
    const read = async (at: string) => {
      const put = { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fixture) };
      expect((await fetch(`${at}/__mock/fixture`, put)).status).toBe(204);
      await fetch(`${at}/__mock/journal`, { method: 'DELETE' });
      const answer = await fetch(`${at}/login`, {
        method: 'POST',
        headers: { 'x-api-key': 'twin-test', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@example.com', password: SEED_PASSWORD }),
      });
      const entries = ((await (await fetch(`${at}/__mock/journal`)).json()) as { entries: JournalEntry[] }).entries;
      return {
        status: answer.status,
        type: answer.headers.get('content-type'),
        body: (await answer.json()) as unknown,
        journal: entries.map((e) => [e.operationId, e.status, e.applied, e.violations]),
      };
    };
    const http = await read(base);
    const msw = await read(MSW_BASE);
    // Reset goes back to the last fixture loaded: the tests after this one start from the seeded world again.
    for (const at of [base, MSW_BASE]) {
      await fetch(`${at}/__mock/fixture`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: exported,
      });
    }
    expect(http.status).toBe(500);
    expect(http.body).toMatchObject({
      type: 'https://stoplight.io/prism/errors#VIOLATIONS',
      validation: [{ location: ['response', 'body', 'user', 'firstName'], code: 'type', message: expect.any(String) }],
    });
    expect(http.journal).toEqual([
      [
        'auth.login',
        500,
        false,
        ['response.body.user.firstName: Response body property user.firstName must be string'],
      ],
    ]);
    expect(msw).toEqual(http);
  });

  it('answers a Prefer code or example the description lacks with Prism’s own 404, no verdict, as the HTTP mock', async () => {
    const call = async (at: string, prefer: string) => {
      await fetch(`${at}/__mock/journal`, { method: 'DELETE' });
      const answer = await fetch(`${at}/users/ada%40example.com/has2fa`, {
        headers: { 'x-api-key': 'twin-test', prefer },
      });
      const entries = ((await (await fetch(`${at}/__mock/journal`)).json()) as { entries: JournalEntry[] }).entries;
      return {
        status: answer.status,
        body: (await answer.json()) as unknown,
        verdicts: entries.map((e) => e.violations),
      };
    };
    for (const prefer of ['code=418', 'example=nope']) {
      const [http, msw] = [await call(base, prefer), await call(MSW_BASE, prefer)];
      expect(http.status).toBe(404);
      expect(http.verdicts).toEqual([[]]);
      expect(msw).toEqual(http);
    }
  });

  it('refuses a call that breaks the description with the 422 the HTTP mock answers', async () => {
    const call = (base: string) =>
      fetch(`${base}/users/not-an-email/has2fa`, { headers: { 'x-api-key': 'twin-test' } }).then(async (r) => ({
        status: r.status,
        type: r.headers.get('content-type'),
        body: (await r.json()) as { type: string; errors: { location: string[]; code: string; message: string }[] },
      }));
    const [http, msw] = await Promise.all([call(base), call(MSW_BASE)]);
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
    expect(await noKey(MSW_BASE)).toEqual(await noKey(base));
    const nowhere = (base: string) => fetch(`${base}/nothing/here`, { headers: { 'x-api-key': 'k' } }).then(read);
    const [status] = await nowhere(MSW_BASE);
    expect(status).toBe(404);
    expect(await nowhere(MSW_BASE)).toEqual(await nowhere(base));
  });
});

describe('the README', () => {
  // Its blocks are plain JavaScript (fetch and console.log, what a QA engineer pastes anywhere), run as they stand
  // against this mock, the catalogue's address swapped for its own.
  const blocks = readmeBlocks(readFileSync(new URL('../README.md', import.meta.url), 'utf8'));
  const AsyncFunction = (async () => {}).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;

  it('has the runnable examples of the control API, each showing what it prints', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    expect(blocks.filter((b) => b.prints === undefined).map((b) => b.code.split('\n')[0])).toEqual([]);
  });

  it.each(blocks.map((block, i) => [i + 1, block] as const))(
    'block %i prints what the README says',
    async (_, block) => {
      const lines: string[] = [];
      const console = { log: (...args: unknown[]) => lines.push(args.map(String).join(' ')) };
      await new AsyncFunction('console', block.code.replaceAll('http://127.0.0.1:4010', base))(console);
      expect(printProblem(lines.join('\n'), block.prints ?? '')).toBeUndefined();
    },
  );
});
