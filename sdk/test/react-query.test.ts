import { QueryClient } from '@tanstack/react-query';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/index.js';
import { createQueries, invalidateAfter, queryKeyOf, staleAfter } from '../src/react-query.js';
import { fakeFetch } from './fake-fetch.js';

const TEAM = '65a1f0c2e4b0a1b2c3d4e5f7';

describe('react-query keys and stale reads', () => {
  it('keys a query by operationId and input, leaving out the call options', () => {
    const controller = new AbortController();
    expect(queryKeyOf('events.searchByTeam', { params: { teamId: TEAM }, query: { term: 'ab' } })).toEqual([
      'events.searchByTeam',
      { params: { teamId: TEAM }, query: { term: 'ab' } },
    ]);
    expect(queryKeyOf('events.list', { signal: controller.signal, headers: { prefer: 'x' } })).toEqual(['events.list']);
    expect(queryKeyOf('events.list')).toEqual(['events.list']);
  });

  it("derives a write's stale reads from the sandbox's effects: the kinds it changes", async () => {
    const stale = await staleAfter('events.create');
    expect(stale).toEqual(expect.arrayContaining(['events.list', 'events.searchByTeam', 'activityAudits.listByTeam']));
    expect(stale).not.toContain('users.list');
    expect(stale).not.toContain('events.create');
    expect(await staleAfter('users.update')).toContain('users.get');
    expect(await staleAfter('users.update')).not.toContain('events.list');
  });

  it('invalidates exactly the cached reads a write makes stale', async () => {
    const client = new QueryClient();
    const keys = {
      events: queryKeyOf('events.searchByTeam', { params: { teamId: TEAM }, query: { term: 'ab' } }),
      audits: queryKeyOf('activityAudits.listByTeam', { params: { teamId: TEAM } }),
      users: queryKeyOf('users.list'),
      user: queryKeyOf('users.get', { params: { userId: TEAM } }),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, []);
    await invalidateAfter(client, 'events.create');
    const invalidated = Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]),
    );
    expect(invalidated).toEqual({ events: true, audits: true, users: false, user: false });
  });

  it('pages an infinite query to the end the description declares, and no further', async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ _id: String(i), title: `Event ${i}` }));
    const { fetch, requests } = fakeFetch((request) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      return Response.json({ items: items.slice((page - 1) * size, page * size), page, size, total: items.length });
    });
    const api = createApiClient({ endpoint: 'https://api.test', apiKey: 'k', fetch, getAccessToken: () => 't' });
    const queries = createQueries(api);
    const client = new QueryClient();
    const options = queries.events.searchByTeam.infiniteQueryOptions({
      params: { teamId: TEAM },
      query: { term: 'Ev', size: 2 },
    });
    const data = await client.fetchInfiniteQuery({ ...options, pages: 10 });
    expect(data.pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(data.pageParams).toEqual([1, 2, 3]);
    expect(requests).toHaveLength(3);
    expect(queries.events.searchByTeam.queryKey({ params: { teamId: TEAM }, query: { term: 'Ev' } })).toEqual([
      'events.searchByTeam',
      { params: { teamId: TEAM }, query: { term: 'Ev' } },
    ]);
  });
});

describe("the react-query entry's bytes", () => {
  // Before, the entry imported the whole stale-read table (308 operations, about 2 KB gzip) even for an app using one
  // operation's hooks, or reads only. It is a chunk of its own now, loaded by the first mutation hook.
  it('leaves the stale-read table out of the entry: a chunk of its own', async () => {
    const out = await build({
      entryPoints: [new URL('../src/react-query.ts', import.meta.url).pathname],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      external: ['@tanstack/react-query', 'react'],
      outdir: 'out',
      write: false,
      minify: true,
    });
    const [entry, ...chunks] = out.outputFiles.filter((file) => file.path.endsWith('.js'));
    // A row only the table has: a write no list pages, with its kinds.
    const row = /"users\.updateTrackableCueAndCueClock":"audits users"/;
    expect(entry?.text).not.toMatch(row);
    expect(chunks.filter((chunk) => row.test(chunk.text))).toHaveLength(1);
  });
});
