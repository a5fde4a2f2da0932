import { describe, expect, it } from 'vitest';
import { ApiConfigError, ApiError, createApiClient, unwrap } from '../src/index.js';
import { createProxyHandler } from '../src/proxy/handler.js';
import { captureLogger, fakeFetch } from './fake-fetch.js';

const endpoint = 'https://api.test';
const token = 'secret-access-token-0123456789';

describe('no error carries a token', () => {
  it('unwrap() of a call that came back without a body rejects typed, without the URL and its token', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 200 }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, getAccessToken: () => token });
    // A route outside the table: nothing promised, so the client resolves and unwrap() is the last guard.
    const get = api.GET as unknown as (path: string) => Promise<{ data?: unknown; response: Response }>;
    const error = (await unwrap(get('/things')).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, kind: 'parse' });
    expect(`${error.message} ${error.stack}`).not.toContain(token);
    expect(error.message).not.toContain('api.test');
  });
});

describe('configuration errors are ApiConfigError, at creation', () => {
  it.each([
    [
      'an endpoint without a scheme',
      { endpoint: 'api.example.com', apiKey: 'k' },
      /endpoint "api.example.com" is not an absolute http\(s\) URL/,
    ],
    [
      'an endpoint of another scheme',
      { endpoint: 'ftp://api.example.com', apiKey: 'k' },
      /endpoint "ftp:\/\/api.example.com"/,
    ],
    ['an endpoint that does not parse', { endpoint: 'http://', apiKey: 'k' }, /endpoint "http:\/\/"/],
    ['an endpoint with a query', { endpoint: 'https://api.example.com/?key=1', apiKey: 'k' }, /endpoint/],
    ['a proxy that is relative outside a browser', { endpoint, proxy: '/api' }, /proxy "\/api" is relative/],
    ['a proxy of another scheme', { endpoint, proxy: 'javascript:alert(1)' }, /proxy "javascript:alert\(1\)"/],
  ])('refuses %s', (_, config, message) => {
    const { fetch, requests } = fakeFetch();
    expect(() => createApiClient({ ...config, fetch })).toThrow(ApiConfigError);
    expect(() => createApiClient({ ...config, fetch })).toThrow(message);
    expect(requests).toHaveLength(0);
  });

  it('resolves a relative proxy against the page in a browser', async () => {
    const { fetch, requests } = fakeFetch();
    const global = globalThis as { location?: { href: string } };
    global.location = { href: 'https://app.test/app.login/' };
    try {
      const api = createApiClient({ endpoint, proxy: '/api', fetch });
      await api.GET('/token/user');
    } finally {
      delete global.location;
    }
    expect(requests[0]?.url).toBe('https://app.test/api/tokens.getUser');
  });

  it('makes the proxy handler refuse a missing or unusable endpoint with ApiConfigError', () => {
    expect(() => createProxyHandler({ endpoint: '', apiKey: 'k' })).toThrow(ApiConfigError);
    expect(() => createProxyHandler({ endpoint: 'localhost:4010', apiKey: 'k' })).toThrow(ApiConfigError);
  });
});

describe('path parameters that would change the path (§8; issue 14.2)', () => {
  // `..%2f` and its kin are `../` to a server that decodes `%2F` before normalising (nginx); a lone surrogate cannot
  // be encoded at all (encodeURIComponent throws).
  const moves = [
    ...['', '.', '..', '%2e', '%2E%2e', '%252e%252e', '.%2e'],
    ...['..%2f', '%2e%2e%2Fadmin', '../..', 'a/..', '..\\x', '..%5c', '..%2f%ff', '\ud800'],
  ];

  it.each(moves)('refuses %j in direct mode with ApiConfigError, sending nothing', async (value) => {
    const { fetch, requests } = fakeFetch();
    const { logger } = captureLogger();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger });
    const error = await api.users.delete({ params: { userId: value } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConfigError);
    expect((error as Error).message).toMatch(
      /userId .* (must not be empty, "\." or "\.\."|is not well-formed)|Missing required path parameter/,
    );
    expect(requests).toHaveLength(0);
  });

  it.each(moves)('refuses %j in the proxy envelope with a 400, calling nothing upstream', async (value) => {
    const upstream = fakeFetch();
    const handler = createProxyHandler({ endpoint, apiKey: 'k', fetch: upstream.fetch });
    const response = await handler(
      new Request('https://app.test/api/users.delete', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: 'https://app.test' },
        body: JSON.stringify({ params: { userId: value } }),
      }),
    );
    expect(response.status).toBe(400);
    expect(upstream.requests).toHaveLength(0);
  });

  it('lets values with dots that stay in their segment through', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({}));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await api.users.hasTwoFactorAuth({ params: { email: 'ada.lovelace@example.com' } });
    await api.users.delete({ params: { userId: '...' } });
    await api.users.hasTwoFactorAuth({ params: { email: 'a/b.c@example.com' } });
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/users/ada.lovelace%40example.com/has2fa',
      '/users/...',
      '/users/a%2Fb.c%40example.com/has2fa',
    ]);
  });
});

describe('the proxy envelope carries the client id (§7; issue 12.4)', () => {
  it('forwards the envelope clientId upstream as X-Client-Id, and a token in the /api URL goes nowhere', async () => {
    const upstream = fakeFetch(() => Response.json({}));
    const handler = createProxyHandler({ endpoint, apiKey: 'k', fetch: upstream.fetch });
    const response = await handler(
      new Request(`https://app.test/api/tokens.getUser?accessToken=${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: 'https://app.test' },
        body: JSON.stringify({ clientId: 'app.login' }),
      }),
    );
    expect(response.status).toBe(200);
    expect(upstream.requests[0]?.headers.get('x-client-id')).toBe('app.login');
    expect(upstream.requests[0]?.url).toBe('https://api.test/token/user');
  });

  it('refuses a clientId that is not a short visible string', async () => {
    const handler = createProxyHandler({ endpoint, apiKey: 'k', fetch: fakeFetch().fetch });
    const response = await handler(
      new Request('https://app.test/api/tokens.getUser', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: 'https://app.test' },
        body: JSON.stringify({ clientId: 'a\nb' }),
      }),
    );
    expect(response.status).toBe(400);
  });
});
