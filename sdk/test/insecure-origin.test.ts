import { afterEach, describe, expect, it } from 'vitest';
import { ApiConfigError, ApiError, createApiClient, operationTable } from '../src/index.js';
import { newRequestId } from '../src/request-id.js';
import { captureLogger, fakeFetch } from './fake-fetch.js';

const endpoint = 'https://api.test';
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const realCrypto = globalThis.crypto;

/** What a page on plain http from a name other than localhost has: `getRandomValues`, and no `randomUUID`. */
function insecureContext(): void {
  const insecure = { getRandomValues: realCrypto.getRandomValues.bind(realCrypto) };
  Object.defineProperty(globalThis, 'crypto', { value: insecure, configurable: true, writable: true });
}

afterEach(() => {
  Object.defineProperty(globalThis, 'crypto', { value: realCrypto, configurable: true, writable: true });
});

describe('a page outside a secure context (no crypto.randomUUID)', () => {
  it('makes RFC 4122 version 4 request ids from getRandomValues', () => {
    insecureContext();
    expect(globalThis.crypto.randomUUID).toBeUndefined();
    const ids = Array.from({ length: 500 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends every call with such a request id, through the facade and the path-based form', async () => {
    insecureContext();
    const { fetch, requests } = fakeFetch(() => Response.json({ hasTwoFactorAuth: false }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await expect(api.users.hasTwoFactorAuth({ params: { email: 'ada@example.com' } })).resolves.toEqual({
      hasTwoFactorAuth: false,
    });
    await api.GET('/users/{email}/has2fa', { params: { path: { email: 'ada@example.com' } } });
    expect(requests.map((r) => r.headers.get('x-request-id'))).toEqual([
      expect.stringMatching(V4),
      expect.stringMatching(V4),
    ]);
  });
});

describe('no call throws synchronously', () => {
  const { fetch } = fakeFetch(() => Response.json({}));
  const outcome = (make: () => unknown) => {
    let value: unknown;
    try {
      value = make();
    } catch (error) {
      return { threw: error };
    }
    return { value };
  };

  it('rejects every facade method given a malformed input, typed, and logs it', async () => {
    const { logger, entries } = captureLogger();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger }) as unknown as Record<
      string,
      Record<string, (input: unknown) => Promise<unknown>>
    >;
    const bad: unknown[] = [
      null,
      42,
      'text',
      { params: null },
      { params: 7, query: 'x' },
      { headers: 5 },
      { payload: 1n },
    ];
    let calls = 0;
    for (const id of Object.keys(operationTable)) {
      const [group = '', name = ''] = id.split('.');
      for (const input of bad) {
        const { threw, value } = outcome(() => api[group]?.[name]?.(input));
        expect(threw, `${id}(${String(input)})`).toBeUndefined();
        expect(value).toBeInstanceOf(Promise);
        const error = await (value as Promise<unknown>).then(
          () => undefined,
          (e: unknown) => e,
        );
        // Some of these still make a valid call (a GET ignores a stray payload); none may throw.
        if (error !== undefined) expect(error instanceof ApiConfigError || error instanceof ApiError, id).toBe(true);
        calls++;
      }
    }
    expect(calls).toBe(Object.keys(operationTable).length * bad.length);
    expect(entries.length).toBeGreaterThan(0);
    // Over 2,000 calls: 1.7 s alone, and 6.3 s in a unit run at load 12 on 2 cores, past vitest's default 5 s.
  }, 30_000);

  it('rejects the path-based form, invoke and upload given malformed arguments', async () => {
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    const loose = api as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const attempts: [string, unknown[]][] = [
      ['GET', [Symbol('path')]],
      ['POST', ['/login', null]],
      ['request', [42, '/login']],
      ['invoke', [{}, {}]],
      ['invoke', ['auth.login', null]],
      ['upload', ['/users/{userId}/photo', null]],
      ['upload', [undefined]],
    ];
    for (const [name, args] of attempts) {
      const { threw, value } = outcome(() => loose[name]?.(...args));
      expect(threw, name).toBeUndefined();
      await expect(value, name).rejects.toBeInstanceOf(ApiConfigError);
    }
  });

  it("rejects with ApiConfigError, the app's error as its cause, when the app's token callback throws", async () => {
    const broken = new Error('storage is disabled');
    const api = createApiClient({
      endpoint,
      apiKey: 'k',
      fetch,
      logger: false,
      getAccessToken: () => {
        throw broken;
      },
    });
    const { threw, value } = outcome(() => api.teams.get({ params: { teamId: '5f8d0d55b54764421b7156c3' } }));
    expect(threw).toBeUndefined();
    const error = (await (value as Promise<unknown>).catch((e: unknown) => e)) as ApiConfigError;
    expect(error).toBeInstanceOf(ApiConfigError);
    expect(error.cause).toBe(broken);
    expect(error.message).toBe('teams.get failed before it was sent: Error: storage is disabled');
  });
});
