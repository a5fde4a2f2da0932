// The page of sdk-react-query.test.ts: three panels on @runofshow/sdk/react-query, as an app would write them, over
// the real sandbox. What the test reads is what a user sees (the lists' text) plus a log of what the page saw.
import { createApiClient } from '@runofshow/sdk';
import { createQueries } from '@runofshow/sdk/react-query';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { createElement as h, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

// The mock-server project compiles without the DOM's types (they would change Node's `fetch` types for all of it).
const { location, document } = globalThis as unknown as {
  location: { search: string; origin: string };
  document: { getElementById(id: string): unknown };
};
const config = JSON.parse(new URLSearchParams(location.search).get('config') ?? '{}') as {
  token: string;
  teamId: string;
};
const api = createApiClient({
  endpoint: location.origin,
  apiKey: 'react-query-page',
  getAccessToken: () => config.token,
});
const queries = createQueries(api);
const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const { teamId } = config;
const listInput = { params: { teamId }, query: { term: 'Show', size: 100 } };
const seen: string[] = [];
Object.assign(globalThis, { seen });

const event = (title: string) => ({
  title,
  description: 'Made from the page.',
  startOn: '2026-09-18T13:00:00Z',
  endOn: '2026-09-18T22:00:00Z',
  timezone: 'America/New_York',
});

function TeamEvents() {
  const list = queries.events.searchByTeam.useQuery(listInput);
  const items = list.data?.items ?? [];
  return h(
    'ul',
    { id: 'events' },
    items.length ? items.map((e) => h('li', { key: e._id }, e.title)) : h('li', null, 'none'),
  );
}

function CreateEvent() {
  const create = queries.events.create.useMutation();
  return h(
    'button',
    { id: 'create', type: 'button', onClick: () => create.mutate({ params: { teamId }, payload: event('Show one') }) },
    'Create',
  );
}

function FailingCreate() {
  const cache = useQueryClient();
  const key = queries.events.searchByTeam.queryKey(listInput);
  type List = { items: { _id: string; title: string }[] };
  const create = queries.events.create.useMutation<{ previous: List | undefined }>({
    retry: 1,
    retryDelay: 0,
    onMutate: async () => {
      await cache.cancelQueries({ queryKey: key });
      const previous = cache.getQueryData<List>(key);
      cache.setQueryData<List>(
        key,
        (list) => list && { ...list, items: [...list.items, { _id: 'ghost', title: 'Show ghost' }] },
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      seen.push(`rolled back: ${_error.name}`);
      cache.setQueryData(key, context?.previous);
    },
  });
  // Another team's id: the sandbox answers 403, so the optimistic row must go.
  const other = { params: { teamId: '0'.repeat(24) }, payload: event('Show ghost') };
  return h('button', { id: 'fail', type: 'button', onClick: () => create.mutate(other) }, 'Fail');
}

function PagedEvents() {
  const list = queries.events.searchByTeam.useInfiniteQuery({ params: { teamId }, query: { term: 'Paged', size: 2 } });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return h(
    'section',
    null,
    h(
      'p',
      { id: 'paged' },
      `${items.length} items in ${list.data?.pages.length ?? 0} pages, ${list.hasNextPage ? 'more' : 'end'}`,
    ),
    h(
      'button',
      {
        id: 'more',
        type: 'button',
        disabled: !list.hasNextPage || list.isFetching,
        onClick: () => list.fetchNextPage(),
      },
      'More',
    ),
  );
}

function TeamTitle() {
  const team = queries.teams.get.useSuspenseQuery({ params: { teamId } });
  return h('h1', { id: 'team' }, team.data.title);
}

createRoot(document.getElementById('root') as Parameters<typeof createRoot>[0]).render(
  h(
    QueryClientProvider,
    { client },
    h(Suspense, { fallback: h('h1', { id: 'team' }, 'Loading…') }, h(TeamTitle)),
    h(TeamEvents),
    h(CreateEvent),
    h(FailingCreate),
    h(PagedEvents),
  ),
);
