import type { Middleware } from 'openapi-fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiConfigError, ApiConnectionError, createApiClient, NotFoundError } from '../src/index.js';
import { ApiConfigError as FromOperations } from '../src/operations.js';
import { fakeFetch, problemResponse } from './fake-fetch.js';

const endpoint = 'https://api.test';
const team = { params: { teamId: '5f8d0d55b54764421b7156c3' } };

describe("the app's middleware (api.use) sees failed calls, as openapi-fetch's does", () => {
  it('sees an error answer in onResponse, body unread, before the call rejects typed', async () => {
    const { fetch } = fakeFetch(() => problemResponse(404, { 'RateLimit-Remaining': '7' }, 'No such team'));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    const seen: { status: number; remaining: string | null; body: unknown }[] = [];
    api.use({
      async onResponse({ response }) {
        seen.push({
          status: response.status,
          remaining: response.headers.get('ratelimit-remaining'),
          body: await response.clone().json(),
        });
      },
    });
    const error = await api.teams.get(team).catch((e: unknown) => e);
    expect(seen).toEqual([{ status: 404, remaining: '7', body: expect.objectContaining({ detail: 'No such team' }) }]);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ body: { detail: 'No such team' } });
  });

  it('sees a call that got no answer in onError, once, after the last try', async () => {
    const { fetch, requests } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false, retry: { delayMs: 1 } });
    const errors: unknown[] = [];
    const watch: Middleware = {
      onError({ error }) {
        errors.push(error);
      },
    };
    api.use(watch);
    await expect(api.teams.get(team)).rejects.toBeInstanceOf(ApiConnectionError);
    expect(requests).toHaveLength(3);
    expect(errors).toHaveLength(1);
    api.eject(watch);
    await expect(api.teams.get(team)).rejects.toBeInstanceOf(ApiConnectionError);
    expect(errors).toHaveLength(1);
  });

  it('may turn an error answer into another, as openapi-fetch lets it', async () => {
    const { fetch } = fakeFetch(() => problemResponse(404));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    api.use({
      onResponse: ({ response }) => (response.status === 404 ? Response.json({ _id: 'placeholder' }) : undefined),
    });
    await expect(api.teams.get(team)).resolves.toEqual({ _id: 'placeholder' });
  });

  it('is refused when it is not middleware', () => {
    const api = createApiClient({ endpoint, apiKey: 'k', fetch: fakeFetch().fetch });
    expect(() => api.use({} as Middleware)).toThrow(ApiConfigError);
  });
});

describe('the default logger (console)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prints outages and defects, not the answers an app handles (401, 403, 404, 409, 429)', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const status of [401, 403, 404, 409, 429, 400, 422, 500, 503]) {
      const { fetch } = fakeFetch(() => problemResponse(status, { 'Retry-After': '3600' }));
      const api = createApiClient({ endpoint, apiKey: 'k', fetch, retry: { delayMs: 1 } });
      await api.teams.get(team).catch(() => undefined);
    }
    const { fetch } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    await createApiClient({ endpoint, apiKey: 'k', fetch, retry: { delayMs: 1 } })
      .teams.get(team)
      .catch(() => undefined);
    expect(printed.mock.calls.map(([, details]) => (details as { status: number }).status)).toEqual([
      400, 422, 500, 503, 0,
    ]);
  });

  it('leaves nothing out of a logger the app gives', async () => {
    const entries: unknown[] = [];
    const { fetch } = fakeFetch(() => problemResponse(404));
    const api = createApiClient({
      endpoint,
      apiKey: 'k',
      fetch,
      logger: { error: (_, details) => entries.push(details) },
    });
    await api.teams.get(team).catch(() => undefined);
    expect(entries).toEqual([expect.objectContaining({ status: 404, kind: 'not-found' })]);
  });
});

describe('@runofshow/sdk/operations', () => {
  it('exports ApiConfigError, the same class as the main entry', () => {
    expect(FromOperations).toBe(ApiConfigError);
  });
});
