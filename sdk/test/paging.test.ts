import { describe, expect, it } from 'vitest';
import { ApiCancelError, ApiConfigError, createApiClient } from '../src/index.js';
import { allOf, paged } from '../src/paging.js';
import { fakeFetch, hang } from './fake-fetch.js';

const TEAM = '65a1f0c2e4b0a1b2c3d4e5f7';

/**
 * A server holding `n` records and answering each of the three paging shapes as the description says: an envelope
 * with `total` (events.searchByTeam), a bare array (activityAudits.listByTeam), a single page of at most `size`
 * (events.autocomplete), and leads.list with page and size in its path.
 */
function listServer(n: number) {
  const records = Array.from({ length: n }, (_, i) => ({ _id: String(i).padStart(24, '0'), title: `Event ${i}` }));
  return fakeFetch((request) => {
    const url = new URL(request.url);
    const leads = url.pathname.match(/^\/leads\/page\/(\d+)\/(\d+)$/);
    const page = Number(leads?.[1] ?? url.searchParams.get('page') ?? 1);
    const size = Number(leads?.[2] ?? url.searchParams.get('size') ?? 50);
    const slice = records.slice((page - 1) * size, page * size);
    if (leads) return Response.json({ leads: slice, page, size, total: n });
    if (url.pathname.endsWith('/event/search')) return Response.json({ items: slice, page, size, total: n });
    if (url.pathname === '/events/autocomplete') return Response.json(records.slice(0, size));
    return Response.json(slice);
  });
}

const clientOn = (fetch: typeof globalThis.fetch) =>
  createApiClient({ endpoint: 'https://api.test', apiKey: 'k', fetch, logger: false, getAccessToken: () => 't' });

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const pagesAsked = (requests: Request[]) =>
  requests.map((r) => {
    const url = new URL(r.url);
    return url.pathname.startsWith('/leads/page/') ? url.pathname : `${url.searchParams.get('page')}`;
  });

describe('paged lists (x-paging)', () => {
  const SIZE = 3;
  // Requests each shape needs for n items: a total says where it ends; a bare array knows only from a short page.
  const cases = [
    { n: 0, total: 1, short: 1, one: 1 },
    { n: SIZE, total: 1, short: 2, one: 1 },
    { n: SIZE + 1, total: 2, short: 2, one: 1 },
    { n: 2 * SIZE + 2, total: 3, short: 3, one: 1 },
  ];
  for (const { n, total, short, one } of cases) {
    it(`walks ${n} items with size ${SIZE} in exactly the pages each shape needs`, async () => {
      const server = listServer(n);
      const lists = paged(clientOn(server.fetch));

      const events = await collect(
        lists.events.searchByTeam.all({ params: { teamId: TEAM }, query: { term: 'Event', size: SIZE } }),
      );
      expect(events.map((e) => e.title)).toEqual(Array.from({ length: n }, (_, i) => `Event ${i}`));
      expect(pagesAsked(server.requests)).toEqual(Array.from({ length: total }, (_, i) => String(i + 1)));

      server.requests.length = 0;
      const audits = await collect(
        lists.activityAudits.listByTeam.all({ params: { teamId: TEAM }, query: { size: SIZE } }),
      );
      expect(audits).toHaveLength(n);
      expect(pagesAsked(server.requests)).toEqual(Array.from({ length: short }, (_, i) => String(i + 1)));

      server.requests.length = 0;
      const found = await collect(lists.events.autocomplete.all({ query: { term: 'Event', size: SIZE } }));
      expect(found).toHaveLength(Math.min(n, SIZE));
      expect(server.requests).toHaveLength(one);
      expect(new URL(server.requests[0]?.url ?? '').searchParams.has('page')).toBe(false);

      server.requests.length = 0;
      const leads = await collect(lists.leads.list.all({ params: { page: 1, size: SIZE } }));
      expect(leads).toHaveLength(n);
      expect(pagesAsked(server.requests)).toEqual(
        Array.from({ length: total }, (_, i) => `/leads/page/${i + 1}/${SIZE}`),
      );
    });
  }

  it('gives each page as the operation answers it, from the page asked for', async () => {
    const server = listServer(7);
    const pages = await collect(
      paged(clientOn(server.fetch)).events.searchByTeam.pages({
        params: { teamId: TEAM },
        query: { term: 'Event', page: 2, size: 3 },
      }),
    );
    expect(pages.map((p) => [p.page, p.items.length, p.total])).toEqual([
      [2, 3, 7],
      [3, 1, 7],
    ]);
  });

  it('stops at max without asking for the page after it', async () => {
    const server = listServer(100);
    const api = clientOn(server.fetch);
    const items = await collect(paged(api).teams.list.all({ query: { size: 10 } }, { max: 10 }));
    expect(items).toHaveLength(10);
    expect(server.requests).toHaveLength(1);
    expect(await collect(allOf(api, 'teams.list', { query: { size: 10 } }, { max: 0 }))).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses sizes and pages outside the limits before sending anything', async () => {
    const server = listServer(5);
    const lists = paged(clientOn(server.fetch));
    const refused: AsyncIterable<unknown>[] = [
      lists.events.search.all({ query: { term: 'Ev', size: 101 } }),
      lists.events.search.all({ query: { term: 'Ev', page: 10001 } }),
      lists.events.search.all({ query: { term: 'Ev', page: 0 } }),
      lists.leads.list.all({ params: { page: 1, size: 0 } }),
      // A plain list takes any size, but a page holds at most 1000: a larger one would end a short-page walk early.
      lists.teams.list.all({ query: { size: 1001 } }),
      lists.teams.list.all({ query: { size: 1.5 } }),
    ];
    for (const walk of refused) await expect(collect(walk)).rejects.toThrow(ApiConfigError);
    expect(server.requests).toHaveLength(0);
  });

  it('stops at page 10000 of a search however many the total promises', async () => {
    const { fetch, requests } = fakeFetch((request) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      return Response.json({ items: [{ _id: 'x' }], page, size: 1, total: 99_999_999 });
    });
    let pages = 0;
    // Bounded, so that a walk past page 10000 fails here rather than hanging.
    for await (const _ of paged(clientOn(fetch)).events.search.pages({ query: { term: 'Ev', page: 9999, size: 1 } })) {
      if (++pages > 3) break;
    }
    expect(pages).toBe(2);
    expect(requests.map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['9999', '10000']);
  });

  it('ends on an empty page even when the total promises more', async () => {
    const { fetch, requests } = fakeFetch((request) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      return Response.json({ items: page === 1 ? [{ _id: 'a' }] : [], page, size: 1, total: 10 });
    });
    let pages = 0;
    for await (const _ of paged(clientOn(fetch)).events.list.pages({ query: { size: 1 } })) {
      if (++pages > 3) break;
    }
    expect(pages).toBe(2);
    expect(requests).toHaveLength(2);
  });

  it('a signal aborted mid-walk cancels the page in flight and asks for no other', async () => {
    const controller = new AbortController();
    let served = 0;
    const { fetch, requests } = fakeFetch((request) => {
      served++;
      if (served === 2) {
        setTimeout(() => controller.abort(), 5);
        return hang(request);
      }
      return Response.json(Array.from({ length: 2 }, (_, i) => ({ _id: `${served}-${i}` })));
    });
    const seen: unknown[] = [];
    const walk = paged(clientOn(fetch)).teams.list.all({ query: { size: 2 } }, { signal: controller.signal });
    await expect(
      (async () => {
        for await (const item of walk) seen.push(item);
      })(),
    ).rejects.toThrow(ApiCancelError);
    expect(seen).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requests).toHaveLength(2);
  });

  it('a signal aborted between pages sends nothing more; leaving the loop early sends nothing more', async () => {
    const server = listServer(10);
    const api = clientOn(server.fetch);
    const controller = new AbortController();
    const walk = paged(api).teams.list.pages({ query: { size: 2 }, signal: controller.signal });
    const pages: unknown[] = [];
    await expect(
      (async () => {
        for await (const page of walk) {
          pages.push(page);
          controller.abort();
        }
      })(),
    ).rejects.toThrow(ApiCancelError);
    expect(pages).toHaveLength(1);
    expect(server.requests).toHaveLength(1);

    server.requests.length = 0;
    for await (const _ of paged(api).teams.list.all({ query: { size: 2 } })) break;
    expect(server.requests).toHaveLength(1);

    // Aborted on an item, the walk gives none of the rest of its page either.
    server.requests.length = 0;
    const stop = new AbortController();
    const items: unknown[] = [];
    await expect(
      (async () => {
        for await (const item of paged(api).teams.list.all({ query: { size: 2 } }, { signal: stop.signal })) {
          items.push(item);
          stop.abort();
        }
      })(),
    ).rejects.toThrow(ApiCancelError);
    expect(items).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
  });
});
