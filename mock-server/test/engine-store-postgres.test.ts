import type { RunningServer } from '@runofshow/devkit/listen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import { openStore } from '../src/sandbox/engine/open-store.js';
import { loadSchemas, startEngine } from '../src/sandbox/engine/start.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';
import { startSandboxServer } from '../src/sandbox/server.js';
import { postgresBin, startPostgres, type ThrowawayPostgres } from './support/postgres.js';
import { createEvent, eventTitle, kill, signIn, spawnSandbox, until, writeUntil } from './support/sandbox-client.js';

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
  const instance = async (): Promise<string> => {
    const [state, store] = await Promise.all([SignInSandbox.seeded(), openStore({ databaseUrl: postgres.url })]);
    closers.push(() => store.close?.() ?? Promise.resolve());
    const server = await startSandboxServer(
      state,
      await freePort(),
      '127.0.0.1',
      undefined,
      undefined,
      startEngine({ store, schemas }),
    );
    servers.push(server);
    return server.url;
  };
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
