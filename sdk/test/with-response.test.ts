import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiPromise, type components, createApiClient, NotFoundError, type WithResponse } from '../src/index.js';
import { fakeFetch, problemResponse } from './fake-fetch.js';

const endpoint = 'https://api.test';
const login = { email: 'ada@example.com', password: 'Correct-Horse-9' };
const session = { accessToken: 'x'.repeat(16), user: { _id: '5f8d0d55b54764421b7156c3' } };
const rateHeaders = { 'RateLimit-Limit': '100', 'RateLimit-Remaining': '99', 'RateLimit-Reset': '60' };

describe('.withResponse() on facade calls (Stainless\u2019s shape)', () => {
  it("gives a success's body, its answer's headers and the request id the call was sent with", async () => {
    const { fetch, requests } = fakeFetch((request) =>
      Response.json(session, {
        headers: { ...rateHeaders, 'X-Request-Id': request.headers.get('x-request-id') ?? '' },
      }),
    );
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    const { data, response, requestId } = await api.auth.login({ payload: login }).withResponse();
    expect(data).toEqual(session);
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-remaining')).toBe('99');
    expect(requestId).toBe(requests[0]?.headers.get('x-request-id'));
    expect(response.headers.get('x-request-id')).toBe(requestId);
    expect(requests).toHaveLength(1);
  });

  it('resolves with the body alone when awaited, one call either way', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json(session, { headers: rateHeaders }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    const call = api.auth.login({ payload: login });
    expect(call).toBeInstanceOf(ApiPromise);
    expect(call).toBeInstanceOf(Promise);
    const [data, both] = await Promise.all([call, call.withResponse()]);
    expect(data).toEqual(session);
    expect(both.data).toEqual(session);
    expect(requests).toHaveLength(1);
    await expect(api.users.exportCsv().then(() => 'then works')).resolves.toBe('then works');
  });

  it('rejects typed, and leaves no unhandled rejection behind when only withResponse() is read', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const { fetch } = fakeFetch(() => problemResponse(404));
      const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
      const error = await api.teams
        .get({ params: { teamId: '5f8d0d55b54764421b7156c3' } })
        .withResponse()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('is typed from the description', () => {
    const api = createApiClient({ endpoint, apiKey: 'k', fetch: fakeFetch().fetch });
    expectTypeOf(api.auth.login).returns.toEqualTypeOf<ApiPromise<components['schemas']['Session']>>();
    expectTypeOf(api.auth.login({ payload: login }).withResponse()).resolves.toEqualTypeOf<
      WithResponse<components['schemas']['Session']>
    >();
    expectTypeOf<WithResponse<string>>().toEqualTypeOf<{ data: string; response: Response; requestId: string }>();
  });
});
