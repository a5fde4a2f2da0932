import type { RunningServer } from '@runofshow/devkit/listen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import { ContractTally } from '../src/sandbox/contract-tally.js';
import { openStore } from '../src/sandbox/engine/open-store.js';
import { loadSchemas, startEngine } from '../src/sandbox/engine/start.js';
import { LOCKOUT_FAILURES, SignInSandbox } from '../src/sandbox/sandbox.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { startSandboxServer } from '../src/sandbox/server.js';
import { sandboxOutbox } from '../src/stack.js';
import { postgresBin, startPostgres, type ThrowawayPostgres } from './support/postgres.js';
import { quickHasher } from './support/quick-hasher.js';
import {
  createEvent,
  eventTitle,
  kill,
  SEED_TEAM,
  signIn,
  spawnSandbox,
  until,
  writeUntil,
} from './support/sandbox-client.js';

// Issue 31: with DATABASE_URL the sandbox's state lives on a PostgreSQL server, so several instances (behind a load
// balancer) share it, and a write answered 2xx is committed before its answer leaves. A throwaway cluster of Debian's
// PostgreSQL runs for the file (`.ci/run` installs it).
const bin = postgresBin();
if (!bin) console.warn('engine-store-postgres: skipped, PostgreSQL is not installed (apt-get install postgresql)');

describe.skipIf(!bin)('two sandbox instances on one PostgreSQL', () => {
  let postgres: ThrowawayPostgres;
  const servers: RunningServer[] = [];
  const closers: (() => Promise<void>)[] = [];

  /** An instance as a deployment runs one: its own sign-in slice, engine and server; only the database is shared. */
  const running = async () => {
    const [state, store] = await Promise.all([
      SignInSandbox.seeded({ hasher: quickHasher }),
      openStore({ databaseUrl: postgres.url }),
    ]);
    closers.push(() => store.close?.() ?? Promise.resolve());
    const engine = startEngine({ store, schemas });
    const server = await startSandboxServer(state, await freePort(), '127.0.0.1', undefined, undefined, engine);
    servers.push(server);
    const outbox = sandboxOutbox({ state, engine, tally: new ContractTally() });
    return { url: server.url, outbox: async () => (await outbox('/outbox/', new URLSearchParams()))?.body ?? '' };
  };
  const instance = async () => (await running()).url;
  const schemas = loadSchemas();

  beforeAll(async () => {
    postgres = await startPostgres(bin ?? '');
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all(closers.map((close) => close()));
    postgres?.stop();
  });

  it('reads through one what was written through the other, removals included', async () => {
    const [a, b] = [await instance(), await instance()];
    const [tokenA, tokenB] = [await signIn(a), await signIn(b)];
    const created = await createEvent(a, tokenA, 'Written through A');
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    expect(await eventTitle(b, tokenB, _id)).toBe('Written through A');

    const renamed = await fetch(`${b}/events/${_id}?accessToken=${tokenB}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-api-key': 'store-test' },
      body: JSON.stringify({ title: 'Renamed through B' }),
    });
    expect(renamed.status).toBe(200);
    expect(await eventTitle(a, tokenA, _id)).toBe('Renamed through B');

    // The seed is written once, by whichever instance opened the empty database first: not twice, not reset.
    const third = await instance();
    expect(await eventTitle(third, await signIn(third), _id)).toBe('Renamed through B');
  }, 120_000);

  // Issue 31: behind a load balancer a client's next call lands on any instance. Whatever it relies on — its session,
  // the mail it was sent, its idempotency keys, the lockout it earned — is the database's, not one process's.
  it('shares sessions, the outbox, idempotency keys and lockouts between instances', async () => {
    const [a, b] = [await running(), await running()];
    const call = (base: string, path: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
      fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          'content-type': 'application/json',
          'x-api-key': 'store-test',
          'x-forwarded-for': '203.0.113.31',
          ...(init.key ? { 'idempotency-key': init.key } : {}),
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });

    // A session made on A works on B; signed out on A, it is over on B.
    const token = await signIn(a.url);
    expect((await call(b.url, `/token/user?accessToken=${token}`)).status).toBe(200);
    expect((await call(a.url, `/tokens/${token}?accessToken=${token}`, { method: 'DELETE' })).status).toBe(200);
    expect(await (await call(b.url, `/tokens/valid?accessToken=${token}`)).json()).toEqual({ valid: false });
    expect((await call(b.url, `/token/user?accessToken=${token}`)).status).toBe(401);

    // Signed up through A: the verification mail is on B's outbox page, its link works on B, and so does the account.
    const email = `shared.${Date.now()}@example.com`;
    const signUp = { firstName: 'Shared', lastName: 'State', email, password: SEED_PASSWORD, captchaToken: 'ok' };
    expect((await call(a.url, '/users', { method: 'POST', body: signUp })).status).toBe(201);
    const page = await b.outbox();
    expect(page).toContain(email);
    const link = /\/app\.login\/verify\/([^"<]+)/.exec(page)?.[1] ?? '';
    const verificationToken = decodeURIComponent(link);
    expect(verificationToken).not.toBe('');
    const verified = await call(b.url, '/users/verify/email', { method: 'POST', body: { verificationToken } });
    expect(verified.status).toBe(200);
    const login = await call(b.url, '/login', { method: 'POST', body: { email, password: SEED_PASSWORD } });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { isVerified: boolean } }).user.isVerified).toBe(true);

    // A write applied through A, retried through B under the same key: B answers A's answer and applies nothing.
    const event = { title: 'Keyed once', startOn: '2026-09-18T13:00:00Z', endOn: '2026-09-18T22:00:00Z' };
    const ada = await signIn(b.url);
    const path = `/teams/${SEED_TEAM}/events?accessToken=${ada}`;
    const first = await call(a.url, path, { method: 'POST', body: event, key: 'retry-31' });
    const retried = await call(b.url, path, { method: 'POST', body: event, key: 'retry-31' });
    expect(first.status).toBe(201);
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    const created = (await first.json()) as { _id: string };
    expect(((await retried.json()) as { _id: string })._id).toBe(created._id);
    // The same key sent to both at once: one of them applies it, the other answers its answer.
    const both = await Promise.all(
      [a.url, b.url].map((base) =>
        call(base, path, { method: 'POST', body: { ...event, title: 'Keyed at once' }, key: 'race-31' }),
      ),
    );
    const ids = await Promise.all(both.map(async (r) => ((await r.json()) as { _id: string })._id));
    expect(ids[0]).toBe(ids[1]);
    const listed = await call(a.url, `/events/autocomplete?term=Keyed&accessToken=${ada}`);
    const titles = ((await listed.json()) as { title: string }[]).map((e) => e.title).sort();
    expect(titles).toEqual(['Keyed at once', 'Keyed once']);

    // Failures spread over both instances count together: the fifth locks the address on both.
    const wrong = (base: string) =>
      call(base, '/login', { method: 'POST', body: { email: 'grace@example.com', password: 'Wrong-Horse-1' } });
    const statuses = [];
    for (let i = 0; i < LOCKOUT_FAILURES; i++) statuses.push((await wrong(i % 2 ? b.url : a.url)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = { email: 'grace@example.com', password: SEED_PASSWORD };
    expect((await call(a.url, '/login', { method: 'POST', body: right })).status).toBe(429);
    expect((await call(b.url, '/login', { method: 'POST', body: right })).status).toBe(429);
  }, 30_000);

  it('loses no write answered 2xx when one instance is SIGKILLed mid-load, and the other goes on', async () => {
    const survivor = await instance();
    const survivorToken = await signIn(survivor);
    const { child, url } = await spawnSandbox(await freePort(), [], { DATABASE_URL: postgres.url });
    try {
      const token = await signIn(url);
      let killed = false;
      const answered = new Map<string, string>();
      const load = writeUntil(url, token, 4, () => killed, answered);
      const beside = writeUntil(survivor, survivorToken, 1, (n) => n >= 40);
      // Killed while its four writers keep it busy: some writes are answered, some are cut off in flight.
      await until(() => answered.size >= 20);
      await kill(child);
      killed = true;
      const [acknowledged, alongside] = await Promise.all([load, beside]);
      expect(acknowledged.size).toBeGreaterThanOrEqual(20);
      expect(alongside.size).toBe(40);

      const lost: string[] = [];
      for (const [id, title] of [...acknowledged, ...alongside]) {
        if ((await eventTitle(survivor, survivorToken, id)) !== title) lost.push(id);
      }
      console.log(`SIGKILL mid-load: ${acknowledged.size} + ${alongside.size} answered 2xx, ${lost.length} lost`);
      expect(lost).toEqual([]);
    } finally {
      await kill(child);
    }
  }, 120_000);
});
