import { describe, expect, it } from 'vitest';
import { createApiClientFor } from '../../src/client.js';
import { ApiError } from '../../src/errors.js';
import type { OperationTable } from '../../src/operation-table.js';
import { captureLogger, fakeFetch, problemResponse } from '../fake-fetch.js';
import { row } from '../operations.js';

const endpoint = 'https://api.test';
// Two operations: one that promises a JSON body, one that promises none (a 204).
const table: OperationTable = {
  'teams.get': row('GET', '/teams/{teamId}', { token: true }),
  'teams.remove': row('DELETE', '/teams/{teamId}', { token: true, parseAs: 'none' }),
};
type Loose = (path: string, init?: object) => Promise<{ data?: unknown }>;
const team = { params: { path: { teamId: 't1' } } };
const token = 'secret-access-token-0123456789';
const page = `<!doctype html><html><head><title>Sign in to the network</title><style>body{}</style></head><body>${'<p>Welcome to the café network. Please accept the terms.</p>'.repeat(340)}</body></html>`;

function client(answer: Parameters<typeof fakeFetch>[0]) {
  const { fetch, requests } = fakeFetch(answer);
  const { logger, entries } = captureLogger();
  const api = createApiClientFor({ endpoint, apiKey: 'k', fetch, logger, getAccessToken: () => token }, table);
  return { get: api.GET as Loose, remove: api.DELETE as Loose, requests, entries };
}

describe('errors middleware (§8)', () => {
  it("reads the body as the caller's parseAs says, not as the table's", async () => {
    const csv = 'teamId,title\nt1,Engines\n';
    const { get } = client(() => new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } }));
    expect((await get('/teams/{teamId}', { ...team, parseAs: 'text' })).data).toBe(csv);
  });

  it('rejects an error status with ApiError: status, request id, operation and the problem body', async () => {
    const { get, requests, entries } = client(() => problemResponse(404, {}, 'No such team'));
    const error = (await get('/teams/{teamId}', team).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      kind: 'not-found',
      operationId: 'teams.get',
      body: { detail: 'No such team' },
    });
    expect(error.requestId).toBe(requests[0]?.headers.get('x-request-id'));
    expect(error.message).toBe('teams.get failed with 404: No such team');
    expect(entries).toHaveLength(1);
  });

  it('keeps the message and the log line short for a non-JSON error page; the whole text stays on error.body', async () => {
    expect(page.length).toBeGreaterThan(20_000);
    const { get, entries } = client(
      () => new Response(page, { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const error = (await get('/teams/{teamId}', team).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBe(page);
    expect(error.message.length).toBeLessThan(240);
    expect(error.message).toMatch(/^teams\.get failed with 502: Sign in to the network Welcome/);
    expect(JSON.stringify(entries).length).toBeLessThan(800);
  });

  it('reports a 200 HTML page where JSON was due as what it is: status, type, one try, a parse failure', async () => {
    const { get, requests, entries } = client(
      () => new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
    );
    const error = (await get('/teams/{teamId}', team).catch((e: unknown) => e)) as ApiError;
    expect(requests).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, kind: 'parse', contentType: 'text/html; charset=utf-8' });
    expect(error.message).toBe(
      'teams.get answered 200 with text/html; charset=utf-8 body where JSON was due (after 1 try)',
    );
    expect(error.message).not.toMatch(/no response/);
    expect(entries[0]?.details).toMatchObject({ status: 200, kind: 'parse', contentType: 'text/html; charset=utf-8' });
  });

  it('reads a route outside the table as JSON too: an HTML 200 there is a parse failure', async () => {
    const { get } = client(() => new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    const error = (await get('/elsewhere').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, kind: 'parse', contentType: 'text/html; charset=utf-8' });
  });

  it('reports JSON that does not parse as a parse failure, not a lost connection', async () => {
    const { get } = client(() => new Response('{"_id":', { headers: { 'content-type': 'application/json' } }));
    await expect(get('/teams/{teamId}', team)).rejects.toMatchObject({ status: 200, kind: 'parse' });
  });

  it('rejects an empty body where the description promises one, and resolves one that promises none', async () => {
    const { get, remove } = client(() => new Response(null, { status: 200 }));
    const error = (await get('/teams/{teamId}', team).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 200, kind: 'parse', operationId: 'teams.get' });
    expect(error.message).toBe('teams.get answered 200 with no body, where its description promises one');
    await expect(remove('/teams/{teamId}', team)).resolves.toMatchObject({ data: undefined });
  });

  it('puts no token in any message, body or log line', async () => {
    const echo = `<html><body>Refused ${endpoint}/teams/t1?accessToken=${token}</body></html>`;
    const { get, entries } = client(
      () => new Response(echo, { status: 403, headers: { 'content-type': 'text/html' } }),
    );
    const error = (await get('/teams/{teamId}', team).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(`${error.message} ${String(error.body)} ${JSON.stringify(entries)}`).not.toContain(token);
  });
});
