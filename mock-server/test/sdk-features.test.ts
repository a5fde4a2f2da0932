import { ApiCancelError, type ApiClient, AuthError, createApiClient } from '@runofshow/sdk';
import { paged } from '@runofshow/sdk/paging';
import { createSession } from '@runofshow/sdk/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { startSandbox } from '../src/stack.js';
import { quickHasher } from './support/quick-hasher.js';

// Issue 33: the SDK's paged lists and sessions against the stateful sandbox (its HTTP backend, without Prism in front: a Prism
// start costs this file 20 s of CPU; the consumer test walks a list through Prism), one list of each paging shape: exactly N items in exactly the requests the shape needs, for N = 0, N = size and
// N = size + 1, and a cancelled walk sends nothing more. Every request the SDK sends is counted at its `fetch`.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
const sent: string[] = [];
let api: ApiClient;
let endpoint = '';
let teamId = '';
let eventId = '';

beforeAll(async () => {
  sandbox = await startSandbox('127.0.0.1', { hasher: quickHasher });
  endpoint = sandbox.backend.url;
  const anonymous = createApiClient({ endpoint, apiKey: 'sdk-lists', logger: false });
  const session = await anonymous.auth.login({ payload: { email: 'ada@example.com', password: SEED_PASSWORD } });
  api = createApiClient({
    endpoint,
    apiKey: 'sdk-lists',
    logger: false,
    getAccessToken: () => session.accessToken,
    fetch: (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'GET') sent.push(new URL(request.url).pathname + new URL(request.url).search);
      return fetch(request);
    },
  });
  // A team of its own, so nothing seeded matches, and an event whose audits only this test's shows make.
  const team = await api.teams.create({
    payload: { title: 'Paging Checks', email: 'ada@example.com', defaultTimeZone: 'America/New_York' },
  });
  teamId = team._id;
  eventId = (await api.events.create({ params: { teamId }, payload: eventPayload('Audit holder') }))._id;
}, 120_000);

afterAll(async () => {
  await sandbox?.backend.stop();
});

function eventPayload(title: string) {
  return {
    title,
    description: 'Made by the paging test.',
    startOn: '2026-09-18T13:00:00Z',
    endOn: '2026-09-18T22:00:00Z',
    timezone: 'America/New_York',
  };
}

async function walk<T>(items: AsyncIterable<T>): Promise<{ items: T[]; requests: string[] }> {
  sent.length = 0;
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return { items: out, requests: [...sent] };
}

const SIZE = 3;
// The page numbers each shape asks for: a total ends the walk; a bare array ends on a short page (so a full last page
// costs one empty page more); a size-only list is one answer.
const expected = (n: number) => ({
  total: n > SIZE ? [1, 2] : [1],
  short: n >= SIZE ? [1, 2] : [1],
});

async function fill(n: number) {
  const have = (await api.events.searchByTeam({ params: { teamId }, query: { term: 'Paged', size: 100 } })).total;
  for (let i = have; i < n; i++) {
    await api.events.create({ params: { teamId }, payload: eventPayload(`Paged ${i + 1}`) });
    await api.shows.create({ params: { teamId, eventId }, payload: { title: `Show ${i + 1}`, description: 'Paged.' } });
  }
}

const pageNumbers = (requests: string[]) =>
  requests.map((r) => Number(new URL(r, 'http://x').searchParams.get('page')));

describe('paged lists against the sandbox', () => {
  for (const n of [0, SIZE, SIZE + 1] as const) {
    it(`walks ${n} items, size ${SIZE}, in exactly the requests each shape needs`, async () => {
      await fill(n);
      const lists = paged(api);

      const envelope = await walk(
        lists.events.searchByTeam.all({ params: { teamId }, query: { term: 'Paged', size: SIZE } }),
      );
      expect(envelope.items.map((e) => e.title).sort()).toEqual(
        Array.from({ length: n }, (_, i) => `Paged ${i + 1}`).sort(),
      );
      expect(pageNumbers(envelope.requests)).toEqual(expected(n).total);

      const bare = await walk(
        lists.activityAudits.listByEvent.all({ params: { teamId, eventId }, query: { size: SIZE } }),
      );
      expect(bare.items.map((a) => a.methodName)).toEqual(Array(n).fill('shows.create'));
      expect(pageNumbers(bare.requests)).toEqual(expected(n).short);

      const one = await walk(lists.events.autocomplete.all({ query: { term: 'Paged', size: SIZE } }));
      expect(one.items).toHaveLength(Math.min(n, SIZE));
      expect(one.requests).toHaveLength(1);
    });
  }

  it('a walk cancelled mid-way sends nothing more', async () => {
    await fill(SIZE + 1);
    const controller = new AbortController();
    sent.length = 0;
    const seen: unknown[] = [];
    const walking = (async () => {
      for await (const event of paged(api).events.searchByTeam.all(
        { params: { teamId }, query: { term: 'Paged', size: SIZE } },
        { signal: controller.signal },
      )) {
        seen.push(event);
        controller.abort();
      }
    })();
    await expect(walking).rejects.toThrow(ApiCancelError);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });
});

describe('a session against the sandbox', () => {
  it('reads the expiry, refreshes to a token that works, and signs out once when the token is revoked', async () => {
    let refreshes = 0;
    const client = createApiClient({
      endpoint,
      apiKey: 'sdk-lists',
      logger: false,
      fetch: (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'PUT' && new URL(request.url).pathname === '/tokens') refreshes++;
        return fetch(request);
      },
    });
    const { accessToken } = await client.auth.login({
      payload: { email: 'grace@example.com', password: SEED_PASSWORD },
    });
    let signedOut = 0;
    const session = createSession({ api: client, token: accessToken, onSignedOut: () => signedOut++ });
    await session.ready;
    // The sandbox's sessions last 30 days (SESSION_MS).
    expect(session.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    await Promise.all([session.refresh(), session.refresh()]);
    expect(refreshes).toBe(1);
    const user = await session.api.tokens.getUser();
    expect(user.email).toBe('grace@example.com');

    await session.api.tokens.delete({ params: { token: session.token ?? '' } });
    await expect(session.api.tokens.getUser()).rejects.toThrow(AuthError);
    await expect(session.api.tokens.getUser()).rejects.toThrow();
    expect(signedOut).toBe(1);
    expect(session.token).toBeUndefined();
    session.close();
  });
});
