import createClient, { type Client, type Middleware as FetchMiddleware } from 'openapi-fetch';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApiClient, type Middleware, type paths } from '../src/index.js';
import { fakeFetch } from './fake-fetch.js';

// The client's path-based methods are typed by the SDK's own declarations (src/path-client.ts), so a consumer's tsc
// never loads openapi-fetch's. Here each is held to what openapi-fetch's `Client<paths>` gives for the same call:
// the same init required or not, the same data and error types. tsc checks these (`npm run typecheck`); the calls
// also run, and resolve with the same data.

const endpoint = 'https://api.test';
const team = { id: 't1', title: 'Ops' };

function clients() {
  const { fetch } = fakeFetch((request) =>
    request.method === 'DELETE'
      ? new Response(null, { status: 204 })
      : new URL(request.url).pathname === '/events/csv'
        ? new Response('a,b\n', { headers: { 'content-type': 'text/csv' } })
        : Response.json(team),
  );
  const ours = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
  const theirs: Client<paths> = createClient<paths>({ baseUrl: endpoint, fetch: (request) => fetch(request) });
  return { ours, theirs };
}

describe("the path-based methods type as openapi-fetch's Client<paths>", () => {
  it('a GET with path parameters, one with a query, a POST with a body, a 204 DELETE, text, request()', async () => {
    const { ours, theirs } = clients();
    const path = { params: { path: { teamId: 't1' } } };

    const get = [ours.GET('/teams/{teamId}', path), theirs.GET('/teams/{teamId}', path)] as const;
    expectTypeOf(get[0]).toEqualTypeOf(get[1]);

    const query = { params: { query: { page: 1, size: 10 } } };
    const list = [ours.GET('/users', query), theirs.GET('/users', query)] as const;
    expectTypeOf(list[0]).toEqualTypeOf(list[1]);
    // Nothing required: the init may be left out.
    expectTypeOf(ours.GET('/users')).toEqualTypeOf(theirs.GET('/users'));

    const login = { body: { email: 'ada@example.com', password: 'Correct-Horse-9' } };
    const post = [ours.POST('/login', login), theirs.POST('/login', login)] as const;
    expectTypeOf(post[0]).toEqualTypeOf(post[1]);

    const category = '/teams/{teamId}/events/{eventId}/shows/{showId}/categories/{categoryId}' as const;
    const ids = { params: { path: { teamId: 't1', eventId: 'e1', showId: 's1', categoryId: 'c1' } } };
    const gone = [ours.DELETE(category, ids), theirs.DELETE(category, ids)] as const;
    expectTypeOf(gone[0]).toEqualTypeOf(gone[1]);

    const csv = [ours.GET('/events/csv', { parseAs: 'text' }), theirs.GET('/events/csv', { parseAs: 'text' })] as const;
    expectTypeOf(csv[0]).toEqualTypeOf(csv[1]);
    expectTypeOf(csv[0]).resolves.toHaveProperty('data').toEqualTypeOf<string | undefined>();

    const request = [
      ours.request('put', '/teams/{teamId}', { ...path, body: { title: 'Ops' } }),
      theirs.request('put', '/teams/{teamId}', { ...path, body: { title: 'Ops' } }),
    ] as const;
    expectTypeOf(request[0]).toEqualTypeOf(request[1]);

    for (const pair of [get, list, post, gone, csv, request]) {
      const [mine, other] = await Promise.all(pair);
      expect(mine.data).toEqual(other.data);
    }
    expect((await csv[0]).data).toBe('a,b\n');
  });

  it('refuses what openapi-fetch refuses, and takes middleware written for openapi-fetch', () => {
    const { ours } = clients();
    // Never sent: each line only has to be refused by tsc.
    const refused = () => {
      // @ts-expect-error the path parameter is required
      void ours.GET('/teams/{teamId}');
      // @ts-expect-error a route the description does not have
      void ours.GET('/no/such/route');
      // @ts-expect-error /login takes no GET
      void ours.GET('/login');
      // @ts-expect-error the body is required
      void ours.POST('/login', {});
      // @ts-expect-error a path parameter of the wrong name
      void ours.GET('/teams/{teamId}', { params: { path: { team: 't1' } } });
    };
    expect(typeof refused).toBe('function');
    // Either way round: one written for openapi-fetch fits `use()`, and ours fits openapi-fetch. (A body serializer
    // returns `unknown` here, openapi-fetch's `any`, so the two are not identical.)
    expectTypeOf<FetchMiddleware>().toExtend<Middleware>();
    expectTypeOf<Middleware>().toExtend<FetchMiddleware>();
    const theirs: FetchMiddleware = { onRequest: () => undefined };
    const mine: Middleware = { onResponse: ({ response }) => response };
    ours.use(theirs, mine);
    ours.eject(theirs, mine);
  });
});
