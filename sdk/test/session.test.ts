import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthError, createApiClient } from '../src/index.js';
import { createSession } from '../src/session.js';
import { fakeFetch, problemResponse } from './fake-fetch.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * A token server: `tokens.isValid` says until when the token lives, `tokens.refresh` issues the next one (`t1`, `t2`,
 * …) living `lifeMs` from then; `GET /teams` answers 401 for a token in `revoked`. Every request is recorded.
 */
function tokenServer(lifeMs: number, first = Date.now() + lifeMs) {
  const revoked = new Set<string>();
  const expires = new Map<string, number>([['t0', first]]);
  let issued = 0;
  const server = fakeFetch((request) => {
    const url = new URL(request.url);
    const token = url.searchParams.get('accessToken') ?? '';
    const live = (expires.get(token) ?? 0) > Date.now() && !revoked.has(token);
    if (url.pathname === '/tokens/valid') {
      return Response.json(
        live ? { valid: true, expiresAt: new Date(expires.get(token) ?? 0).toISOString() } : { valid: false },
      );
    }
    if (!live) return problemResponse(401);
    if (url.pathname === '/tokens' && request.method === 'PUT') {
      const next = `t${++issued}`;
      const expiresAt = Date.now() + lifeMs;
      expires.set(next, expiresAt);
      return Response.json({
        token: next,
        userId: '65a1f0c2e4b0a1b2c3d4e5f6',
        kind: 'refresh',
        issuedAt: new Date().toISOString(),
        expiresAt: new Date(expiresAt).toISOString(),
      });
    }
    return Response.json([]);
  });
  const api = createApiClient({ endpoint: 'https://api.test', apiKey: 'k', fetch: server.fetch, logger: false });
  const refreshes = () => server.requests.filter((r) => r.method === 'PUT').length;
  const tokensSent = (path: string) =>
    server.requests
      .filter((r) => new URL(r.url).pathname === path)
      .map((r) => new URL(r.url).searchParams.get('accessToken'));
  return { ...server, api, revoked, refreshes, tokensSent };
}

describe('createSession', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-26T09:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads expiresAt with tokens.isValid and refreshes once, a minute before it', async () => {
    const server = tokenServer(10 * MINUTE);
    const session = createSession({ api: server.api, token: 't0' });
    await session.ready;
    expect(session.expiresAt?.toISOString()).toBe('2026-11-26T09:10:00.000Z');
    await vi.advanceTimersByTimeAsync(9 * MINUTE - 1);
    expect(server.refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.refreshes()).toBe(1);
    expect(session.token).toBe('t1');
    await session.api.teams.list();
    expect(server.tokensSent('/teams').at(-1)).toBe('t1');
    // And again before the new token's end: the session outlives any one token.
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    expect(server.refreshes()).toBe(2);
    expect(session.token).toBe('t2');
    session.close();
  });

  it('keeps a 30-day token without refreshing it early (a delay past setTimeout’s range)', async () => {
    const server = tokenServer(30 * DAY);
    const session = createSession({ api: server.api, token: 't0' });
    await session.ready;
    await vi.advanceTimersByTimeAsync(25 * DAY);
    expect(server.refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * DAY - MINUTE);
    expect(server.refreshes()).toBe(1);
    session.close();
  });

  it('sends one refresh however many calls wait for it, and they all carry the new token', async () => {
    const server = tokenServer(10 * MINUTE);
    const session = createSession({ api: server.api, token: 't0' });
    await session.ready;
    session.close(); // no timer: the calls themselves find the token due (a laptop that slept past the timer)
    vi.setSystemTime(Date.now() + 9.5 * MINUTE);
    await Promise.all([
      session.api.teams.list(),
      session.api.teams.list(),
      session.api.invoke('teams.list'),
      session.api.GET('/teams'),
      session.refresh(),
    ]);
    expect(server.refreshes()).toBe(1);
    expect(server.tokensSent('/teams')).toEqual(['t1', 't1', 't1', 't1']);
  });

  it('signs out exactly once when calls answer 401, and never refreshes after', async () => {
    const server = tokenServer(10 * MINUTE);
    const onSignedOut = vi.fn();
    const session = createSession({ api: server.api, token: 't0', onSignedOut });
    await session.ready;
    server.revoked.add('t0');
    const outcomes = await Promise.allSettled([session.api.teams.list(), session.api.teams.list()]);
    expect(outcomes.map((o) => o.status === 'rejected' && o.reason instanceof AuthError)).toEqual([true, true]);
    await expect(session.api.teams.list().withResponse()).rejects.toThrow(AuthError);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(session.token).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(server.refreshes()).toBe(0);
  });

  it('signs out once when tokens.isValid says the token is no good, without a refresh', async () => {
    const server = tokenServer(10 * MINUTE, Date.now() - 1);
    const onSignedOut = vi.fn();
    const session = createSession({ api: server.api, token: 't0', onSignedOut });
    await session.ready;
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(server.refreshes()).toBe(0);
  });

  it('signs out when the refresh answers a token that is already over', async () => {
    const server = tokenServer(-1, Date.now() + 10 * MINUTE);
    const onSignedOut = vi.fn();
    const session = createSession({ api: server.api, token: 't0', onSignedOut });
    await session.ready;
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    expect(server.refreshes()).toBe(1);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(session.token).toBeUndefined();
  });

  it('refreshes halfway through a token that lives less than the time ahead, not in a loop', async () => {
    const server = tokenServer(10 * MINUTE);
    const session = createSession({ api: server.api, token: 't0', refreshAheadMs: 11 * MINUTE });
    await session.ready;
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(server.refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(server.refreshes()).toBe(2);
    session.close();
  });
});
