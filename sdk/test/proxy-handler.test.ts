import { describe, expect, it } from 'vitest';
import { createApiClient, createApiClientFor } from '../src/client.js';
import type { OperationTable } from '../src/operation-table.js';
import { createProxyHandler } from '../src/proxy/handler.js';
import { fakeFetch, problemResponse } from './fake-fetch.js';
import { row, uploadOnly } from './operations.js';
import { proxyEntries } from './proxy-entries.js';

const endpoint = 'https://api.test';
const site = 'https://app.test';
const apiKey = 'server-side-key';

function post(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${site}${path}`, {
    method: 'POST',
    // A browser on the site's own page says so in Origin and Sec-Fetch-Site.
    headers: { 'content-type': 'application/json', origin: site, 'sec-fetch-site': 'same-origin', ...headers },
    body: JSON.stringify(body),
  });
}

/** A post to `users.create` of `body` as it is, sent as `contentType`. */
function postRaw(contentType: string, body: string): Request {
  return new Request(`${site}/api/users.create`, {
    method: 'POST',
    headers: { 'content-type': contentType, origin: site },
    body,
  });
}

/** The SDK's request as a browser on the site's page sends it (Node's fetch sends no Origin). */
function fromSite(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set('origin', site);
  return new Request(request, { headers });
}

describe.each(proxyEntries(site))('proxy handler: the server half of proxy mode: %s', (_entry, createProxyHandler) => {
  it('makes the direct call with the API key held server-side and hands the answer back', async () => {
    const upstream = fakeFetch(() =>
      Response.json({ hasTwoFactorAuth: true }, { headers: { 'x-request-id': 'r1', 'ratelimit-remaining': '9' } }),
    );
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch });
    const response = await handler(
      post(
        '/api/users.hasTwoFactorAuth',
        { params: { email: 'ada@example.com' } },
        { 'x-request-id': 'r1', 'x-api-key': 'browser-key', cookie: 'a=b' },
      ),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hasTwoFactorAuth: true });
    expect(response.headers.get('ratelimit-remaining')).toBe('9');
    const [request] = upstream.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('https://api.test/users/ada%40example.com/has2fa');
    expect(request?.headers.get('x-api-key')).toBe(apiKey);
    expect(request?.headers.get('x-request-id')).toBe('r1');
    expect(request?.headers.has('cookie')).toBe(false);
    expect(request?.body).toBeNull();
  });

  it('sends the payload as the JSON body and passes the idempotency key and the token on', async () => {
    const upstream = fakeFetch(() => Response.json({ _id: 't1' }, { status: 201 }));
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch });
    const team = { title: 'Team', email: 'ada@example.com', defaultTimeZone: 'America/New_York' };
    const response = await handler(
      post('/api/teams.create', { payload: team, query: { accessToken: 'tok-1' } }, { 'idempotency-key': 'k1' }),
    );

    expect(response.status).toBe(201);
    const [request] = upstream.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('https://api.test/teams?accessToken=tok-1');
    expect(request?.headers.get('idempotency-key')).toBe('k1');
    expect(await request?.json()).toEqual(team);
  });

  it('refuses the token to an operation that takes none, naming it, and sends nothing', async () => {
    const upstream = fakeFetch(() => Response.json({}));
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch });
    const response = await handler(
      post('/api/auth.login', {
        payload: { email: 'a@example.com', password: 'x' },
        query: { accessToken: 'tok-1' },
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ detail: expect.stringContaining('"accessToken"') });
    expect(upstream.requests).toHaveLength(0);
  });

  it('repeats the key for array query values', async () => {
    const table: OperationTable = {
      'users.list': row('GET', '/users', { token: true, query: ['ids', 'page', 'includeDeleted'] }),
    };
    const upstream = fakeFetch(() => Response.json({}));
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch, operations: table });
    await handler(post('/api/users.list', { query: { ids: ['a', 'b'], page: 2, includeDeleted: false } }));
    expect(new URL(upstream.requests[0]?.url ?? '').search).toBe('?ids=a&ids=b&page=2&includeDeleted=false');
  });

  it.each([
    ['an unknown name', '/api/users.noSuchThing'],
    ['a name that is no operation', '/api/constructor'],
    ['a prototype key', '/api/__proto__.x'],
    ['an upload route for an operation that takes no file', '/api/upload/users.create'],
    ['no name', '/api/'],
  ])('answers %s with a 404 problem', async (_, path) => {
    const upstream = fakeFetch();
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch });
    const response = await handler(post(path, {}, { 'x-request-id': 'r-404' }));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ title: 'Unknown operation', status: 404, requestId: 'r-404' });
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    ['a body that is not JSON', () => postRaw('application/json', '{'), 400],
    ['a field outside the envelope', () => post('/api/users.create', { payload: {}, extra: 1 }), 400],
    ['a missing path parameter', () => post('/api/users.hasTwoFactorAuth', {}), 400],
    ['a path parameter not in the path', () => post('/api/tokens.getUser', { params: { userId: 'u1' } }), 400],
    ['a form post (no JSON)', () => postRaw('text/plain', '{}'), 415],
    ['a GET', () => new Request(`${site}/api/users.create`), 405],
    ['a call from another site', () => post('/api/users.create', {}, { 'sec-fetch-site': 'cross-site' }), 403],
  ])('refuses %s', async (_, make, status) => {
    const upstream = fakeFetch();
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch });
    const response = await handler(make());
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers 502 when the API cannot be reached and 504 when it is too slow', async () => {
    const down = createProxyHandler({
      endpoint,
      apiKey,
      fetch: fakeFetch(() => Promise.reject(new TypeError('fetch failed'))).fetch,
    });
    expect((await down(post('/api/tokens.getUser', {}))).status).toBe(502);
    const slow = createProxyHandler({
      endpoint,
      apiKey,
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    });
    expect((await slow(post('/api/tokens.getUser', {}))).status).toBe(504);
  });

  it('forwards an upload as multipart to the direct route', async () => {
    const upstream = fakeFetch(() => Response.json({ _id: 'u1' }));
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch, operations: uploadOnly });
    const form = new FormData();
    form.append('params', JSON.stringify({ userId: 'u1' }));
    form.append('query', '{"accessToken":"t"}');
    form.append('alt', 'Ada');
    form.append('file', new File(['png'], 'ada.png', { type: 'image/png' }));
    const response = await handler(
      new Request(`${site}/api/upload/users.updatePhoto`, {
        method: 'POST',
        headers: { origin: site, 'x-request-id': 'r-up' },
        body: form,
      }),
    );

    expect(response.status).toBe(200);
    const [request] = upstream.requests;
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('https://api.test/users/u1/photo?accessToken=t');
    const sent = await request?.formData();
    expect(sent?.get('alt')).toBe('Ada');
    expect(sent?.has('params')).toBe(false);
    expect(await (sent?.get('file') as File | undefined)?.text()).toBe('png');
  });
});

describe('SDK in proxy mode through the handler', () => {
  it('round-trips a call and its error status', async () => {
    const upstream = fakeFetch((request) =>
      request.url.endsWith('/has2fa') ? Response.json({ hasTwoFactorAuth: false }) : problemResponse(409, {}, 'Taken'),
    );
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch });
    const api = createApiClient({
      endpoint,
      proxy: `${site}/api`,
      fetch: (input, init) => handler(fromSite(new Request(input, init))),
      logger: false,
    });

    await expect(api.users.hasTwoFactorAuth({ params: { email: 'ada@example.com' } })).resolves.toEqual({
      hasTwoFactorAuth: false,
    });
    await expect(
      api.users.create({
        payload: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          password: 'Correct-Horse-9!',
          captcha: 'c',
        },
      }),
    ).rejects.toMatchObject({ status: 409, operationId: 'users.create', body: { detail: 'Taken' } });
    expect(upstream.requests.every((r) => r.headers.get('x-api-key') === apiKey)).toBe(true);
  });

  // The decision of docs/SECURITY.md: past its first bytes a JSON answer streams unjudged, so bytes that stop being
  // JSON reach the SDK, which refuses them as it would from the API itself.
  it('fails a call whose JSON answer stops being JSON after its first bytes as a parse error', async () => {
    const upstream = fakeFetch(
      () =>
        new Response('{"hasTwoFactorAuth": <script>alert(1)</script>', {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch });
    const api = createApiClient({
      endpoint,
      proxy: `${site}/api`,
      fetch: (input, init) => handler(fromSite(new Request(input, init))),
      logger: false,
    });
    await expect(api.users.hasTwoFactorAuth({ params: { email: 'ada@example.com' } })).rejects.toMatchObject({
      kind: 'parse',
    });
  });

  it('round-trips an upload', async () => {
    const upstream = fakeFetch(() => Response.json({ _id: 'u1' }));
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch, operations: uploadOnly });
    const api = createApiClientFor(
      {
        endpoint,
        proxy: `${site}/api`,
        fetch: (input, init) => handler(fromSite(new Request(input, init))),
        getAccessToken: () => 'tok',
      },
      uploadOnly,
    );
    const upload = api.upload as (path: string, input: object) => Promise<unknown>;
    await expect(
      upload('/users/{userId}/photo', { params: { userId: 'u1' }, file: new Blob(['png']), payload: { alt: 'A' } }),
    ).resolves.toEqual({ _id: 'u1' });
    expect(upstream.requests[0]?.url).toBe('https://api.test/users/u1/photo?accessToken=tok');
  });
});
