import { describe, expect, it } from 'vitest';
import { createApiClientFor } from '../../src/client.js';
import type { OperationTable } from '../../src/operation-table.js';
import { fakeFetch } from '../fake-fetch.js';
import { row } from '../operations.js';

const endpoint = 'https://api.test';
// Two operations, like openapi-fetch's own tests: one that takes the token and a guest pass, one public.
const table: OperationTable = {
  'things.get': row('GET', '/things/{thingId}', { token: true, guest: true }),
  'auth.login': row('POST', '/login', { guest: false }),
};
type Loose = (path: string, init?: object) => Promise<unknown>;
const login = { body: { email: 'ada@example.com', password: 'Correct-Horse-9' } };
const thing = { params: { path: { thingId: 't1' } } };

describe('credentials middleware (§7)', () => {
  it('sends the API key and the client id as headers on every call, in direct mode', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClientFor({ endpoint, apiKey: 'key-1', clientId: 'app.login', fetch }, table);
    await (api.GET as Loose)('/things/{thingId}', thing);
    await (api.POST as Loose)('/login', login);
    for (const request of requests) {
      expect(request.headers.get('x-api-key')).toBe('key-1');
      expect(request.headers.get('x-client-id')).toBe('app.login');
    }
  });

  it('sends the access token and guest pass as query parameters, only to the operation that takes them', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClientFor(
      { endpoint, apiKey: 'k', fetch, getAccessToken: () => 'tok-123', getGuestPass: () => 'pass-456' },
      table,
    );
    await (api.GET as Loose)('/things/{thingId}', thing);
    await (api.POST as Loose)('/login', login);
    const [read, signIn] = requests.map((request) => new URL(request.url));
    expect(read?.searchParams.get('accessToken')).toBe('tok-123');
    expect(read?.searchParams.get('guestPass')).toBe('pass-456');
    expect(signIn?.search).toBe('');
  });

  it('replaces a token the caller put in the query, and keeps the rest of the query', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch, getAccessToken: () => 'tok-123' }, table);
    await (api.GET as Loose)('/things/{thingId}', {
      params: { path: { thingId: 't1' }, query: { accessToken: 'stale', fields: 'a' } },
    });
    const url = new URL(requests[0]?.url ?? '');
    expect(url.searchParams.getAll('accessToken')).toEqual(['tok-123']);
    expect(url.searchParams.get('fields')).toBe('a');
  });

  it('sends neither when none is held', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch, getAccessToken: () => null }, table);
    await (api.GET as Loose)('/things/{thingId}', thing);
    expect(new URL(requests[0]?.url ?? '').search).toBe('');
    expect(requests[0]?.headers.has('x-client-id')).toBe(false);
  });

  it('in proxy mode sends no API key, and carries the token and client id in the envelope, not the URL', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClientFor(
      {
        endpoint,
        proxy: 'https://app.test/api',
        apiKey: 'stays-home',
        clientId: 'app.login',
        fetch,
        getAccessToken: () => 'tok-123',
      },
      table,
    );
    await (api.GET as Loose)('/things/{thingId}', thing);
    await (api.POST as Loose)('/login', login);
    const [read, signIn] = requests;
    expect(read?.url).toBe('https://app.test/api/things.get');
    expect(await read?.json()).toEqual({
      params: { thingId: 't1' },
      query: { accessToken: 'tok-123' },
      clientId: 'app.login',
    });
    expect(await signIn?.json()).toEqual({ payload: login.body, clientId: 'app.login' });
    for (const request of requests) {
      expect(request.headers.has('x-api-key')).toBe(false);
      expect(request.url).not.toContain('tok-123');
    }
  });
});
