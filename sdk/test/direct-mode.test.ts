import { describe, expect, it } from 'vitest';
import { ApiConfigError, ApiError, createApiClient } from '../src/index.js';
import { fakeFetch } from './fake-fetch.js';

const endpoint = 'https://api.test';

describe('configuration errors (§8)', () => {
  it('requires an endpoint', () => {
    expect(() => createApiClient({ endpoint: '', apiKey: 'k' })).toThrow(
      new ApiConfigError('Missing required ApiClient configuration: endpoint.'),
    );
  });

  it('requires an API key unless a proxy is configured', () => {
    expect(() => createApiClient({ endpoint })).toThrow('Missing required ApiClient configuration: apiKey.');
    expect(() => createApiClient({ endpoint, proxy: 'https://app.test/api' })).not.toThrow();
  });
});

describe('direct mode headers and query (§7)', () => {
  it('sends the API key, a request id and the client id', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({ hasTwoFactorAuth: false }));
    const api = createApiClient({ endpoint, apiKey: 'key-1', clientId: 'app.login', fetch });
    const { data } = await api.GET('/users/{email}/has2fa', { params: { path: { email: 'ada@example.com' } } });

    expect(data).toEqual({ hasTwoFactorAuth: false });
    const [request] = requests;
    expect(request?.url).toBe('https://api.test/users/ada%40example.com/has2fa');
    expect(request?.headers.get('x-api-key')).toBe('key-1');
    expect(request?.headers.get('x-client-id')).toBe('app.login');
    expect(request?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('omits the client id header when none is configured', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await api.GET('/token/user');
    expect(requests[0]?.headers.has('x-client-id')).toBe(false);
  });

  it('uses a fresh request id for every call', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await api.GET('/token/user');
    await api.GET('/token/user');
    const [a, b] = requests.map((r) => r.headers.get('x-request-id'));
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it('adds the access token as a query parameter only when one is held', async () => {
    let token: string | undefined;
    const { fetch, requests } = fakeFetch();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, getAccessToken: () => token });
    await api.GET('/token/user');
    token = 'tok-123';
    await api.GET('/token/user');
    expect(new URL(requests[0]?.url ?? '').searchParams.has('accessToken')).toBe(false);
    expect(new URL(requests[1]?.url ?? '').searchParams.get('accessToken')).toBe('tok-123');
  });

  it('sends the payload as a JSON body', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({ accessToken: 'x'.repeat(16), user: {} }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await api.POST('/login', { body: { email: 'ada@example.com', password: 'secret1' } });
    expect(requests[0]?.method).toBe('POST');
    expect(await requests[0]?.json()).toEqual({ email: 'ada@example.com', password: 'secret1' });
  });
});

describe('errors', () => {
  it('rejects an error status with a typed ApiError carrying status, request id, operationId and body', async () => {
    const problem = { type: 'about:blank', title: 'Too many requests', status: 429 };
    const { fetch, requests } = fakeFetch(
      () =>
        new Response(JSON.stringify(problem), {
          status: 429,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '1800' },
        }),
    );
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false, retry: { maxRetryAfterMs: 1000 } });
    const error = await api
      .POST('/login', { body: { email: 'ada@example.com', password: 'secret1' } })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      operationId: 'auth.login',
      body: problem,
      retryAfter: 1800,
      requestId: requests[0]?.headers.get('x-request-id'),
    });
  });
});

describe('access token', () => {
  const team = { title: "Ada Lovelace's Team", email: 'ada@example.com', defaultTimeZone: 'America/New_York' };

  it('keeps the JSON body of a write when the token is added to the URL', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({}, { status: 201 }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, getAccessToken: () => 'tok-123' });
    await api.POST('/teams', { body: team });
    const [request] = requests;
    expect(new URL(request?.url ?? '').searchParams.get('accessToken')).toBe('tok-123');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual(team);
  });

  it('is not sent to operations the description marks public (sign-in)', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({ accessToken: 'x'.repeat(16), user: {} }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, getAccessToken: () => 'tok-123' });
    await api.POST('/login', { body: { email: 'ada@example.com', password: 'secret1' } });
    expect(new URL(requests[0]?.url ?? '').searchParams.has('accessToken')).toBe(false);
  });
});

describe('request shapes (§7)', () => {
  // The client sends the body text it serialized without reading the Request back, but only while the Request is
  // the one it built: an app's middleware that builds another one decides what is sent.
  it("sends the body an app's middleware put in place of the payload, on every try", async () => {
    const { fetch, requests } = fakeFetch((_, attempt) =>
      attempt === 1 ? new Response(null, { status: 503 }) : Response.json({}, { status: 201 }),
    );
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, getAccessToken: () => 'tok-123' });
    api.use({
      async onRequest({ request }) {
        const payload = (await request.json()) as Record<string, unknown>;
        return new Request(request.url, {
          method: request.method,
          headers: request.headers,
          body: JSON.stringify({ ...payload, title: 'Renamed by middleware' }),
        });
      },
    });
    await api.POST('/teams', { body: { title: 'As called', email: 'ada@example.com' } });
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(await request.json()).toEqual({ title: 'Renamed by middleware', email: 'ada@example.com' });
    }
  });

  it("sends what the caller's own bodySerializer wrote, as written", async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({}, { status: 201 }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await api.POST('/teams', {
      body: { title: 'Form', email: 'ada@example.com', defaultTimeZone: 'UTC' },
      bodySerializer: (body: Record<string, string>) => new URLSearchParams(body).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(await requests[0]?.text()).toBe('title=Form&email=ada%40example.com&defaultTimeZone=UTC');
    expect(requests[0]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
  });

  it('puts an Idempotency-Key equal to the request id on writes, and none on reads', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({}, { status: 201 }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await api.POST('/users/verify/email', { body: { verificationToken: 'v'.repeat(32) } });
    await api.GET('/token/user');
    const [write, read] = requests;
    expect(write?.headers.get('idempotency-key')).toBe(write?.headers.get('x-request-id'));
    expect(read?.headers.has('idempotency-key')).toBe(false);
  });

  it('sends a body only when there is a payload', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await api.GET('/users/resend/invite/{email}', { params: { path: { email: 'ada@example.com' } } });
    expect(requests[0]?.body).toBeNull();
    expect(requests[0]?.headers.has('content-type')).toBe(false);
  });

  it('repeats the key for array query values', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    // A route outside the description: the query serialiser is the same for every operation.
    const get = api.GET as unknown as (path: string, init: object) => Promise<unknown>;
    await get('/things', { params: { query: { tag: ['a', 'b'], page: 2 } } });
    expect(new URL(requests[0]?.url ?? '').search).toBe('?tag=a&tag=b&page=2');
  });

  it('keeps a request id the caller gives, so a write can be re-sent under its first id', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({}, { status: 201 }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    const id = '0b6f3e2c-6a4f-4d1e-9a51-3f1f5c2b8d11';
    await api.POST('/users/verify/email', {
      body: { verificationToken: 'v'.repeat(32) },
      headers: { 'X-Request-Id': id },
    });
    expect(requests[0]?.headers.get('x-request-id')).toBe(id);
    expect(requests[0]?.headers.get('idempotency-key')).toBe(id);
  });
});

describe('path parameters (§8)', () => {
  it("rejects a path parameter that is not in the path with 'Missing required path parameter'", async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    const get = api.GET as unknown as (path: string, init: object) => Promise<unknown>;
    const error = await get('/token/user', { params: { path: { userId: 'u1' } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConfigError);
    expect((error as Error).message).toMatch(/^Missing required path parameter/);
    expect(requests).toHaveLength(0);
  });

  it('rejects a path parameter left without a value', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    const get = api.GET as unknown as (path: string, init: object) => Promise<unknown>;
    await expect(get('/users/{email}/has2fa', { params: { path: {} } })).rejects.toThrow(
      'Missing required path parameter: email for /users/{email}/has2fa.',
    );
    expect(requests).toHaveLength(0);
  });
});
