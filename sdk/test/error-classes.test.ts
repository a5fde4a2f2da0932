import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ApiCancelError,
  ApiConnectionError,
  ApiError,
  type ApiErrorKind,
  ApiTimeoutError,
  AuthError,
  BadRequestError,
  ConflictError,
  createApiClient,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  UnprocessableEntityError,
} from '../src/index.js';
import { captureLogger, fakeFetch, hang, problemResponse, sleep } from './fake-fetch.js';

const endpoint = 'https://api.test';
const token = 'secret-access-token-0123456789';
const team = { params: { teamId: '5f8d0d55b54764421b7156c3' } };

function client(answer: Parameters<typeof fakeFetch>[0], more: { timeoutMs?: number } = {}) {
  const { fetch } = fakeFetch(answer);
  const { logger, entries } = captureLogger();
  const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger, getAccessToken: () => token, ...more });
  return { api, entries };
}

/** What Deno's fetch throws without `--allow-net`: no code, the reason in its name and message. */
class NotCapable extends Error {
  override name = 'NotCapable';
}

describe('error classes (§8): one per way a call fails', () => {
  it.each([
    [404, NotFoundError, 'not-found', 'NotFoundError'],
    [401, AuthError, 'auth', 'AuthError'],
    [403, AuthError, 'auth', 'AuthError'],
    [429, RateLimitError, 'rate-limit', 'RateLimitError'],
    // One class per status family, as Stainless's SDKs have (issue 30); their kind stays `http`.
    [400, BadRequestError, 'http', 'BadRequestError'],
    [409, ConflictError, 'http', 'ConflictError'],
    [422, UnprocessableEntityError, 'http', 'UnprocessableEntityError'],
    [500, InternalServerError, 'http', 'InternalServerError'],
    [418, ApiError, 'http', 'ApiError'],
  ] as const)('%i rejects as %o, kind %s', async (status, Class, kind, name) => {
    const { api } = client(() => problemResponse(status, { 'Retry-After': '3600', 'RateLimit-Remaining': '0' }));
    const error = (await api.teams.get(team).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, kind, name, operationId: 'teams.get' });
    expect(error.headers?.get('ratelimit-remaining')).toBe('0');
  });

  it("keeps what the runtime said as cause: Deno's NotCapable is named, not just 'no response'", async () => {
    const { api, entries } = client(() => {
      throw new NotCapable(`Requires net access to "api.test:443", run again with the --allow-net flag`);
    });
    const error = (await api.teams.get(team).catch((e: unknown) => e)) as ApiConnectionError;
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect(error).toMatchObject({ status: 0, kind: 'connection', name: 'ApiConnectionError' });
    expect(error.message).toBe(
      'teams.get got no response after 3 tries (NotCapable: Requires net access to "api.test:443", run again with the --allow-net flag)',
    );
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.cause).toMatchObject({ name: 'NotCapable', message: expect.stringContaining('--allow-net') });
    expect(entries[0]?.details).toMatchObject({ kind: 'connection', cause: 'NotCapable' });
  });

  it("keeps Node's chain (fetch failed ← ECONNREFUSED) with its code, and scrubs the call's token from every link", async () => {
    const { api } = client(() => {
      const refused = Object.assign(new Error(`connect ECONNREFUSED for ${endpoint}/teams?accessToken=${token}`), {
        code: 'ECONNREFUSED',
      });
      throw new TypeError(`fetch failed: ${endpoint}/teams?accessToken=${token}`, { cause: refused });
    });
    const error = (await api.teams.get(team).catch((e: unknown) => e)) as ApiConnectionError;
    expect(error.message).toBe('teams.get got no response after 3 tries (ECONNREFUSED)');
    const cause = error.cause as Error & { cause: Error & { code: string } };
    expect(cause).toMatchObject({ name: 'TypeError' });
    expect(cause.cause).toMatchObject({ name: 'Error', code: 'ECONNREFUSED' });
    expect(`${cause.message} ${cause.cause.message}`).not.toContain(token);
    expect(cause.cause.message).toContain('[redacted]');
  });

  it('rejects every try running out of time as ApiTimeoutError, with the last timeout as cause', async () => {
    const { api } = client((request) => hang(request), { timeoutMs: 20 });
    const error = (await api.teams.get(team).catch((e: unknown) => e)) as ApiTimeoutError;
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error).toMatchObject({
      status: 0,
      kind: 'timeout',
      name: 'ApiTimeoutError',
      cause: { name: 'TimeoutError' },
    });
  });

  it("rejects a cancel as ApiCancelError, kind 'abort', with the signal's reason as cause; it is not an ApiError", async () => {
    const { api } = client((request) => hang(request));
    const controller = new AbortController();
    const call = api.teams.get({ ...team, signal: controller.signal });
    await sleep(5);
    controller.abort('the visitor left');
    const error = (await call.catch((e: unknown) => e)) as ApiCancelError;
    expect(error).toBeInstanceOf(ApiCancelError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'abort', cause: 'the visitor left' });
  });

  it('narrows by class and by kind in the types', () => {
    expectTypeOf<NotFoundError['kind']>().toEqualTypeOf<'not-found'>();
    expectTypeOf<AuthError['kind']>().toEqualTypeOf<'auth'>();
    expectTypeOf<RateLimitError['kind']>().toEqualTypeOf<'rate-limit'>();
    expectTypeOf<ApiConnectionError['kind']>().toEqualTypeOf<'connection'>();
    expectTypeOf<ApiTimeoutError['kind']>().toEqualTypeOf<'timeout'>();
    expectTypeOf<ApiCancelError['kind']>().toEqualTypeOf<'abort'>();
    expectTypeOf<ApiError['kind']>().toEqualTypeOf<ApiErrorKind>();
    expectTypeOf<ApiError['headers']>().toEqualTypeOf<Headers | undefined>();
    expectTypeOf<ApiError['cause']>().toEqualTypeOf<unknown>();
    expectTypeOf<RateLimitError['retryAfter']>().toEqualTypeOf<number | undefined>();
    const seen = (error: unknown): string => {
      if (error instanceof RateLimitError) {
        expectTypeOf(error).toEqualTypeOf<RateLimitError>();
        return `wait ${error.retryAfter}`;
      }
      if (error instanceof ApiError && error.kind === 'not-found') {
        expectTypeOf(error.kind).toEqualTypeOf<'not-found'>();
        return 'gone';
      }
      return 'other';
    };
    expect(seen(new RateLimitError({ status: 429, retryAfter: 30 }))).toBe('wait 30');
  });
});
