import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiConfigError, type CallOptions, createApiClient } from '../src/index.js';
import { fakeFetch, hang, problemResponse, sleep } from './fake-fetch.js';

const endpoint = 'https://api.test';
const team = { title: 'Engines', email: 'ops@example.com', defaultTimeZone: 'America/New_York' };

describe('per-call options { timeout, retries, idempotencyKey }', () => {
  it("times each try of the call by its own timeout, not the client's", async () => {
    const { fetch, requests } = fakeFetch((request) => hang(request));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false, timeoutMs: 60_000 });
    const started = performance.now();
    const error = await api.tokens.getUser({ timeout: 30, retries: 0 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', message: 'tokens.getUser timed out: 1 try of 30 ms' });
    expect(requests).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('tries as often as its retries say: 0 sends once, 4 sends five times', async () => {
    const { fetch, requests } = fakeFetch(() => problemResponse(503));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false, retry: { delayMs: 1 } });
    await expect(api.tokens.getUser({ retries: 0 })).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(1);
    await expect(api.tokens.getUser({ retries: 4 })).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(6);
  });

  it('sends the given Idempotency-Key on every try of a write, the request id staying its own', async () => {
    const { fetch, requests } = fakeFetch((_, n) => (n < 2 ? problemResponse(502) : Response.json({ _id: 't1' })));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, retry: { delayMs: 1 } });
    await api.teams.create({ payload: team, idempotencyKey: 'create-team-engines-1' });
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual([
      'create-team-engines-1',
      'create-team-engines-1',
    ]);
    expect(requests[0]?.headers.get('x-request-id')).not.toBe('create-team-engines-1');
  });

  it('refuses options that are not what they say, before anything is sent', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    const loose = api.tokens.getUser as (input: object) => Promise<unknown>;
    await expect(loose({ timeout: -1 })).rejects.toThrow(/timeout -1 is not a number of milliseconds/);
    await expect(loose({ retries: 1.5 })).rejects.toThrow(/retries 1.5 is not a whole number/);
    await expect(loose({ idempotencyKey: '' })).rejects.toBeInstanceOf(ApiConfigError);
    expect(requests).toHaveLength(0);
  });

  it('is typed: each option on every facade call, nothing else', () => {
    const api = createApiClient({ endpoint, apiKey: 'k', fetch: fakeFetch().fetch });
    expectTypeOf<CallOptions>().toMatchTypeOf<{ timeout?: number; retries?: number; idempotencyKey?: string }>();
    // Checked by the compiler, never called.
    const calls = () => [
      api.tokens.getUser({ timeout: 5_000, retries: 1 }),
      api.teams.create({ payload: team, idempotencyKey: 'k-1', timeout: 1_000 }),
      // @ts-expect-error a timeout is milliseconds, not text
      api.tokens.getUser({ timeout: '5s' }),
      // @ts-expect-error no such option
      api.tokens.getUser({ maxRetries: 1 }),
    ];
    expectTypeOf(calls).toBeFunction();
  });
});

describe('withOptions(): a derived client', () => {
  it('uses the options it was given and leaves the first client as it was', async () => {
    const { fetch, requests } = fakeFetch(() => problemResponse(503));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false, retry: { delayMs: 1 } });
    const once = api.withOptions({ retry: { tries: 1 }, clientId: 'reports' });
    await expect(once.tokens.getUser()).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('x-client-id')).toBe('reports');
    await expect(api.tokens.getUser()).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(4);
    expect(requests[3]?.headers.get('x-client-id')).toBeNull();
  });

  it('shares the write queue, cancelAll() and use() with the client it came from', async () => {
    const order: string[] = [];
    const { fetch } = fakeFetch(async (request) => {
      order.push(`start ${request.headers.get('x-client-id')}`);
      await sleep(20);
      order.push(`end ${request.headers.get('x-client-id')}`);
      return Response.json({ _id: 't1' });
    });
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, clientId: 'a' });
    const other = api.withOptions({ clientId: 'b' });
    let seen = 0;
    api.use({
      onRequest() {
        seen++;
      },
    });
    await Promise.all([api.teams.create({ payload: team }), other.teams.create({ payload: team })]);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b']);
    expect(seen).toBe(2);

    const { fetch: slow } = fakeFetch((request) => hang(request));
    const base = createApiClient({ endpoint, apiKey: 'k', fetch: slow, logger: false });
    const call = base.withOptions({ timeoutMs: 60_000 }).tokens.getUser();
    await sleep(5);
    base.cancelAll();
    await expect(call).rejects.toMatchObject({ name: 'ApiCancelError' });
  });
});
