import { describe, expect, it } from 'vitest';
import { ApiCancelError, createApiClient } from '../src/index.js';
import { captureLogger, fakeFetch, hang, problemResponse, sleep } from './fake-fetch.js';

const endpoint = 'https://api.test';
const verify = (n: number) => ({ body: { verificationToken: `token-${String(n).padStart(28, '0')}` } });

describe('global cancel (§4)', () => {
  it('aborts a call in flight without logging it', async () => {
    const { fetch, requests } = fakeFetch((request) => hang(request));
    const { logger, entries } = captureLogger();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger });
    const call = api.GET('/token/user');
    await sleep(5);
    api.cancelAll();
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCancelError);
    expect(error).toMatchObject({ operationId: 'tokens.getUser', requestId: requests[0]?.headers.get('x-request-id') });
    expect(requests[0]?.signal.aborted).toBe(true);
    expect(entries).toHaveLength(0);
  });

  it('stops the retries of a call cancelled between tries', async () => {
    const { fetch, requests } = fakeFetch(() => problemResponse(503));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    const call = api.GET('/token/user');
    await sleep(30);
    expect(requests).toHaveLength(1);
    api.cancelAll();
    // Settled before the next timer fires, so not by waiting out the 100 ms gap (a clock would flake on a busy machine).
    const first = await Promise.race([
      call.catch((e: unknown) => e),
      new Promise((r) => setTimeout(() => r('waited'), 0)),
    ]);
    expect(first).toBeInstanceOf(ApiCancelError);
    await sleep(250);
    expect(requests).toHaveLength(1);
  });

  it('rejects queued writes, sends none of them, and stays usable', async () => {
    const { fetch, requests } = fakeFetch((request, attempt) => (attempt === 1 ? hang(request) : Response.json({})));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    const writes = Array.from({ length: 6 }, (_, n) => api.POST('/users/verify/email', verify(n)));
    await sleep(5);
    api.cancelAll();
    const results = await Promise.allSettled(writes);

    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof ApiCancelError)).toBe(true);
    expect(requests).toHaveLength(1);
    await expect(api.POST('/users/verify/email', verify(7))).resolves.toMatchObject({ data: {} });
    expect(requests).toHaveLength(2);
  });

  it('cancels one call through its own signal and leaves the others', async () => {
    const { fetch } = fakeFetch(async (request) => {
      await sleep(20);
      if (request.signal.aborted) throw request.signal.reason;
      return Response.json({});
    });
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    const controller = new AbortController();
    const first = api.POST('/users/verify/email', { ...verify(1), signal: controller.signal });
    const second = api.POST('/users/verify/email', verify(2));
    controller.abort();
    await expect(first).rejects.toBeInstanceOf(ApiCancelError);
    await expect(second).resolves.toMatchObject({ data: {} });
  });

  it('settles a cancelled call even when the fetch beneath ignores the abort', async () => {
    const { fetch } = fakeFetch(() => new Promise<Response>(() => {}));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    const call = api.GET('/token/user');
    await sleep(5);
    api.cancelAll();
    await expect(call).rejects.toBeInstanceOf(ApiCancelError);
  });
});
