import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../src/index.js';
import { captureLogger, fakeFetch, hang, problemResponse } from './fake-fetch.js';

const endpoint = 'https://api.test';
const login = { email: 'ada@example.com', password: 'Correct-Horse-9' };

describe('retries (§8, §9)', () => {
  it.each([502, 503, 504, 429])('tries 3 times, 100 ms apart, on %i, then rejects with it', async (status) => {
    const { fetch, requests, times } = fakeFetch(() => problemResponse(status));
    const { logger, entries } = captureLogger();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger });
    const error = await api.GET('/token/user').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status,
      operationId: 'tokens.getUser',
      kind: status === 429 ? 'rate-limit' : 'http',
    });
    expect(requests).toHaveLength(3);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(95);
    }
    expect(entries).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 409, 422, 500])(
    'does not retry %i: logs it once and re-throws it typed',
    async (status) => {
      const { fetch, requests } = fakeFetch(() => problemResponse(status, {}, 'Nope'));
      const { logger, entries } = captureLogger();
      const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger });
      const error = await api.POST('/login', { body: login }).catch((e: unknown) => e);

      expect(requests).toHaveLength(1);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, operationId: 'auth.login', body: { detail: 'Nope' } });
      expect((error as ApiError).requestId).toBe(requests[0]?.headers.get('x-request-id'));
      expect(entries).toHaveLength(1);
      expect(entries[0]?.details).toMatchObject({ operationId: 'auth.login', status, path: '/login' });
    },
  );

  it('cancels the body of each answer it retries and reads the last one', async () => {
    const cancelled: number[] = [];
    const { fetch } = fakeFetch((_, attempt) => {
      const text = JSON.stringify({ title: `try ${attempt}`, status: 503 });
      // Pulled only when read, so a cancel reaches it.
      const body = new ReadableStream(
        {
          pull: (controller) => {
            controller.enqueue(new TextEncoder().encode(text));
            controller.close();
          },
          cancel: () => {
            cancelled.push(attempt);
          },
        },
        { highWaterMark: 0 },
      );
      return new Response(body, { status: 503, headers: { 'content-type': 'application/problem+json' } });
    });
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    const error = await api.GET('/token/user').catch((e: unknown) => e);

    expect(cancelled).toEqual([1, 2]);
    expect(error).toMatchObject({ status: 503, body: { title: 'try 3' } });
  });

  it('resolves when a later try succeeds, every try carrying the same request id, idempotency key and body', async () => {
    const { fetch, requests } = fakeFetch((_, attempt) =>
      attempt < 3 ? problemResponse(503) : Response.json({ accessToken: 'x'.repeat(16), user: {} }),
    );
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    const { data } = await api.POST('/login', { body: login });

    expect(data).toEqual({ accessToken: 'x'.repeat(16), user: {} });
    expect(requests).toHaveLength(3);
    const ids = new Set(requests.map((r) => r.headers.get('x-request-id')));
    const keys = new Set(requests.map((r) => r.headers.get('idempotency-key')));
    expect(ids.size).toBe(1);
    expect([...keys]).toEqual([...ids]);
    for (const request of requests) expect(await request.json()).toEqual(login);
  });

  it('retries when there is no response, then rejects with status 0', async () => {
    const { fetch, requests } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    const error = await api.GET('/token/user').catch((e: unknown) => e);
    expect(requests).toHaveLength(3);
    expect(error).toMatchObject({
      name: 'ApiConnectionError',
      status: 0,
      kind: 'connection',
      operationId: 'tokens.getUser',
    });
  });

  it('aborts a try that outlives the timeout and retries it', async () => {
    const { fetch, requests } = fakeFetch((request, attempt) => (attempt < 3 ? hang(request) : Response.json({})));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, timeoutMs: 50 });
    const { data } = await api.GET('/token/user');
    expect(data).toEqual({});
    expect(requests).toHaveLength(3);
  });

  it('rejects with a timeout error when every try times out', async () => {
    const { fetch, requests } = fakeFetch((request) => hang(request));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, timeoutMs: 30, logger: false });
    const error = await api.GET('/token/user').catch((e: unknown) => e);
    expect(requests).toHaveLength(3);
    expect(error).toMatchObject({ status: 0, kind: 'timeout' });
  });

  it('returns a 429 at once when its Retry-After exceeds the cap, with retryAfter', async () => {
    const { fetch, requests } = fakeFetch(() => problemResponse(429, { 'Retry-After': '1800' }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false, retry: { maxRetryAfterMs: 5000 } });
    const error = await api.POST('/login', { body: login }).catch((e: unknown) => e);
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({ status: 429, retryAfter: 1800 });
  });

  it("waits out a retryable answer's Retry-After within the cap (2 s by default), instead of §8's 100 ms", async () => {
    const { fetch, requests, times } = fakeFetch((_, n) =>
      n < 3 ? problemResponse(429, { 'Retry-After': '1' }) : Response.json({ accessToken: 'x'.repeat(16), user: {} }),
    );
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await api.POST('/login', { body: login });
    expect(requests).toHaveLength(3);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(990);
  });

  it.each(['0', new Date(Date.now() - 60_000).toUTCString()])(
    'keeps §8 100 ms as the least wait when Retry-After asks for less (%s)',
    async (retryAfter) => {
      const { fetch, requests, times } = fakeFetch(() => problemResponse(503, { 'Retry-After': retryAfter }));
      const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
      await expect(api.GET('/token/user')).rejects.toMatchObject({ status: 503 });
      expect(requests).toHaveLength(3);
      const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(95);
    },
  );

  it('retries a 429 whose Retry-After is within the cap', async () => {
    const { fetch, requests } = fakeFetch(() => problemResponse(429, { 'Retry-After': '1' }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false, retry: { maxRetryAfterMs: 1000 } });
    await expect(api.POST('/login', { body: login })).rejects.toMatchObject({ status: 429, retryAfter: 1 });
    expect(requests).toHaveLength(3);
  });

  it('runs middleware once per call however many tries it takes', async () => {
    const { fetch, requests } = fakeFetch((_, attempt) => (attempt < 3 ? problemResponse(502) : Response.json({})));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    let seen = 0;
    api.use({
      onRequest() {
        seen++;
      },
    });
    await api.GET('/token/user');
    expect(requests).toHaveLength(3);
    expect(seen).toBe(1);
  });

  it('takes its retry settings from the config', async () => {
    const { fetch, requests } = fakeFetch(() => problemResponse(500));
    const api = createApiClient({
      endpoint,
      apiKey: 'k',
      fetch,
      logger: false,
      retry: { tries: 2, delayMs: 1, statusCodes: [500] },
    });
    await expect(api.GET('/token/user')).rejects.toMatchObject({ status: 500 });
    expect(requests).toHaveLength(2);
  });
});
