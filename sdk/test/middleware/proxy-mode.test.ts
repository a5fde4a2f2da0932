import { describe, expect, it } from 'vitest';
import { createApiClientFor } from '../../src/client.js';
import { ApiConfigError, createApiClient } from '../../src/index.js';
import type { OperationTable } from '../../src/operation-table.js';
import { fakeFetch, problemResponse } from '../fake-fetch.js';
import { getUser, updatePhoto } from '../operations.js';

const endpoint = 'https://api.test';
const proxy = 'https://app.test/api';

describe('proxy mode (§7)', () => {
  it('posts every call to {proxy}/{group}.{method} with { params, query, payload, clientId } and no API key', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({ hasTwoFactorAuth: true }));
    const api = createApiClient({ endpoint, proxy, apiKey: 'must-stay-home', clientId: 'app.login', fetch });
    const { data } = await api.GET('/users/{email}/has2fa', { params: { path: { email: 'ada@example.com' } } });

    expect(data).toEqual({ hasTwoFactorAuth: true });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('https://app.test/api/users.hasTwoFactorAuth');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual({ params: { email: 'ada@example.com' }, clientId: 'app.login' });
    expect(request?.headers.has('x-api-key')).toBe(false);
    expect(request?.headers.has('x-client-id')).toBe(false);
    expect(request?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the payload, and the access token in the envelope’s query, never in the proxy URL', async () => {
    const team = { title: "Ada Lovelace's Team", email: 'ada@example.com', defaultTimeZone: 'America/New_York' };
    const { fetch, requests } = fakeFetch(() => Response.json({}, { status: 201 }));
    const api = createApiClient({ endpoint, proxy, fetch, getAccessToken: () => 'tok-123' });
    await api.POST('/teams', { body: team });
    const [request] = requests;
    expect(request?.url).toBe('https://app.test/api/teams.create');
    expect(await request?.json()).toEqual({ payload: team, query: { accessToken: 'tok-123' } });
    expect(request?.headers.get('idempotency-key')).toBe(request?.headers.get('x-request-id'));
  });

  it('sends an empty envelope for a call without inputs', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClient({ endpoint, proxy, fetch });
    await api.GET('/token/user');
    expect(await requests[0]?.json()).toEqual({});
  });

  it('retries through the proxy like in direct mode', async () => {
    const { fetch, requests } = fakeFetch((_, attempt) => (attempt < 3 ? problemResponse(502) : Response.json({})));
    const api = createApiClient({ endpoint, proxy, fetch });
    await api.GET('/token/user');
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers.get('x-request-id'))).size).toBe(1);
  });

  it('runs the app’s own middleware on the REST-shaped request, before the rewrite', async () => {
    const { fetch } = fakeFetch();
    const api = createApiClient({ endpoint, proxy, fetch });
    const seen: string[] = [];
    api.use({
      onRequest({ request }) {
        seen.push(`${request.method} ${new URL(request.url).pathname}`);
      },
    });
    await api.GET('/users/{email}/has2fa', { params: { path: { email: 'ada@example.com' } } });
    expect(seen).toEqual(['GET /users/ada%40example.com/has2fa']);
  });

  it('refuses a relative proxy base outside a browser when the client is made', () => {
    expect(() => createApiClient({ endpoint, proxy: '/api', fetch: fakeFetch().fetch })).toThrow(ApiConfigError);
  });
});

describe('proxy rewrite middleware over a two-operation table', () => {
  const table: OperationTable = { 'users.updatePhoto': updatePhoto, 'users.get': getUser };

  it('rewrites a call and an upload, the token and client id in the envelope in both', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClientFor(
      { endpoint, proxy, clientId: 'app.login', fetch, getAccessToken: () => 'tok-123' },
      table,
    );
    await (api.GET as (path: string, init: object) => Promise<unknown>)('/users/{userId}', {
      params: { path: { userId: 'u1' }, query: { fields: ['a', 'b'] } },
    });
    await (api.upload as (path: string, input: object) => Promise<unknown>)('/users/{userId}/photo', {
      params: { userId: 'u1' },
      file: new Blob(['png']),
    });
    const [read, upload] = requests;
    expect(read?.url).toBe('https://app.test/api/users.get');
    expect(await read?.json()).toEqual({
      params: { userId: 'u1' },
      query: { fields: ['a', 'b'], accessToken: 'tok-123' },
      clientId: 'app.login',
    });
    expect(upload?.url).toBe('https://app.test/api/upload/users.updatePhoto');
    const form = await upload?.formData();
    expect(form?.get('query')).toBe('{"accessToken":"tok-123"}');
    expect(form?.get('clientId')).toBe('app.login');
  });
});
