import { describe, expect, it } from 'vitest';
import { createApiClientFor } from '../../src/client.js';
import type { OperationTable } from '../../src/operation-table.js';
import { fakeFetch, hang, problemResponse, sleep } from '../fake-fetch.js';
import { row } from '../operations.js';

const endpoint = 'https://api.test';
// The table's `write` flag decides, not the method: a GET with an effect (like deleterole, `x-write: true` in the
// description) is a write; a POST the table calls a read is not.
const table: OperationTable = {
  'roles.remove': row('GET', '/roles/{roleId}/delete', { write: true }),
  'things.search': row('POST', '/things/search', { write: false }),
};
type Loose = (path: string, init?: object) => Promise<unknown>;
const remove = (roleId: string) => ({ params: { path: { roleId } } });

describe('request id and idempotency key middleware (§7, §9)', () => {
  it('puts an Idempotency-Key equal to the request id on the operations the table marks write, and only those', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch }, table);
    await (api.GET as Loose)('/roles/{roleId}/delete', remove('r1'));
    await (api.POST as Loose)('/things/search', { body: {} });
    const [write, read] = requests;
    expect(write?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(write?.headers.get('idempotency-key')).toBe(write?.headers.get('x-request-id'));
    expect(read?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(read?.headers.has('idempotency-key')).toBe(false);
  });

  it('queues the marked GET behind another write, and lets the unmarked POST through', async () => {
    const { fetch, requests } = fakeFetch((request, attempt) => (attempt === 1 ? hang(request) : Response.json({})));
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch, logger: false }, table);
    const first = (api.GET as Loose)('/roles/{roleId}/delete', remove('r1')).catch(() => undefined);
    const second = (api.GET as Loose)('/roles/{roleId}/delete', remove('r2'));
    await sleep(5);
    await (api.POST as Loose)('/things/search', { body: {} });
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /roles/r1/delete',
      'POST /things/search',
    ]);
    api.cancelAll();
    await first;
    await expect(second).rejects.toMatchObject({ name: 'ApiCancelError' });
  });

  it('keeps one request id and idempotency key across the tries of a call, fresh for the next call', async () => {
    const { fetch, requests } = fakeFetch((_, attempt) => (attempt < 3 ? problemResponse(503) : Response.json({})));
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch, retry: { delayMs: 1 } }, table);
    await (api.GET as Loose)('/roles/{roleId}/delete', remove('r1'));
    await (api.GET as Loose)('/roles/{roleId}/delete', remove('r2'));
    const ids = requests.map((r) => r.headers.get('x-request-id'));
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(ids[3]).not.toBe(ids[0]);
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(ids);
  });

  it('keeps a request id the caller gives, as the idempotency key too', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch }, table);
    await (api.GET as Loose)('/roles/{roleId}/delete', {
      ...remove('r1'),
      headers: { 'X-Request-Id': 'first-try-id' },
    });
    expect(requests[0]?.headers.get('x-request-id')).toBe('first-try-id');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('first-try-id');
  });
});
