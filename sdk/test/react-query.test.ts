import { QueryClient } from '@tanstack/react-query';
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

  it("derives a write's stale reads from the sandbox's effects: the kinds it changes", () => {
    const stale = staleAfter('events.create');
    expect(stale).toEqual(expect.arrayContaining(['events.list', 'events.searchByTeam', 'activityAudits.listByTeam']));
    expect(stale).not.toContain('users.list');
    expect(stale).not.toContain('events.create');
    expect(staleAfter('users.update')).toContain('users.get');
    expect(staleAfter('users.update')).not.toContain('events.list');
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
