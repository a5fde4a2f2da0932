import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/index.js';
import { fakeFetch, hang, problemResponse, sleep } from './fake-fetch.js';

const endpoint = 'https://api.test';
const verify = (n: number) => ({ body: { verificationToken: `token-${String(n).padStart(28, '0')}` } });

describe('writes one at a time (§9)', () => {
  it('sends writes one at a time, in call order', async () => {
    let inFlight = 0;
    let most = 0;
    const { fetch, requests } = fakeFetch(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await sleep(Math.random() * 4);
      inFlight--;
      return Response.json({ verified: true });
    });
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await Promise.all(Array.from({ length: 30 }, (_, n) => api.POST('/users/verify/email', verify(n))));

    expect(most).toBe(1);
    const order = await Promise.all(
      requests.map(async (r) => ((await r.json()) as { verificationToken: string }).verificationToken),
    );
    expect(order).toEqual(Array.from({ length: 30 }, (_, n) => verify(n).body.verificationToken));
  });

  it('does not queue reads behind a write', async () => {
    const { fetch } = fakeFetch((request) =>
      request.method === 'POST' ? hang(request) : Response.json({ hasTwoFactorAuth: false }),
    );
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    const write = api.POST('/users/verify/email', verify(1)).catch(() => undefined);
    const reads = await Promise.all(
      [1, 2, 3].map(() => api.GET('/users/{email}/has2fa', { params: { path: { email: 'ada@example.com' } } })),
    );
    expect(reads.map((r) => r.data)).toEqual([
      { hasTwoFactorAuth: false },
      { hasTwoFactorAuth: false },
      { hasTwoFactorAuth: false },
    ]);
    api.cancelAll();
    await write;
  });

  it('runs reads concurrently', async () => {
    let inFlight = 0;
    let most = 0;
    const { fetch } = fakeFetch(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await sleep(10);
      inFlight--;
      return Response.json({});
    });
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await Promise.all([1, 2, 3, 4].map(() => api.GET('/token/user')));
    expect(most).toBe(4);
  });

  it('lets the next write go when one fails', async () => {
    const { fetch, requests } = fakeFetch((_, attempt) => (attempt === 1 ? problemResponse(409) : Response.json({})));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    const first = api.POST('/users/verify/email', verify(1));
    const second = api.POST('/users/verify/email', verify(2));
    await expect(first).rejects.toMatchObject({ status: 409 });
    await expect(second).resolves.toMatchObject({ data: {} });
    expect(requests).toHaveLength(2);
  });
});
