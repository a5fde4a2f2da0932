import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureOption } from '../src/command-line.js';
import { exportFixture, type Fixture, fixtureProblem, loadFixture } from '../src/control/fixture.js';
import { Schemas } from '../src/sandbox/engine/schema.js';
import { startEngine } from '../src/sandbox/engine/start.js';
import type { Hasher } from '../src/sandbox/passwords.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';
import { SEED_PASSWORD, seedAccounts, seedInvitation } from '../src/sandbox/seed.js';

// Issue 32: the catalogue's seeded world is a fixture in the repository (`npm run mock:fixture` writes it). Loaded
// over a changed sandbox it gives back the seeded world: the engine's records as seeded, and the seeded accounts
// signing in with their catalogued password.
const file = JSON.parse(readFileSync(new URL('../fixtures/seeded-world.json', import.meta.url), 'utf8')) as Fixture;
// The engine's schemas only shape answers: an empty bundle will do where no call is answered.
const schemas = new Schemas({ paths: {} } as unknown as ConstructorParameters<typeof Schemas>[0]);

const login = (sandbox: SignInSandbox, email: string, password = SEED_PASSWORD) =>
  sandbox.answer('auth.login', { path: {}, query: new URLSearchParams(), body: { email, password } }, undefined);

describe('the seeded world as a fixture', () => {
  it('is a fixture the mock loads', () => {
    expect(fixtureProblem(file)).toBeUndefined();
  });

  it('holds the engine’s seeded records, and loading it undoes what was written since', async () => {
    const seeded = startEngine({ schemas });
    const signIn = await SignInSandbox.seeded();
    expect(exportFixture(seeded.store, signIn).records).toEqual(file.records);
    seeded.store.put('events', { _id: 'ffffffffffffffffffffffff', title: 'Written after' });
    seeded.store.remove('users', '65a1f0c2e4b0a1b2c3d4e5f6');
    loadFixture(file, seeded.store, signIn);
    expect(exportFixture(seeded.store, signIn).records).toEqual(file.records);
  });

  it('signs the seeded accounts in with their catalogued password, and forgets accounts made since', async () => {
    const signIn = await SignInSandbox.seeded();
    const made = await signIn.answer(
      'users.create',
      {
        path: {},
        query: new URLSearchParams(),
        body: { firstName: 'Fix', lastName: 'Ture', email: 'made.since@example.com', password: 'Fixture-Fixture-1' },
      },
      undefined,
    );
    expect(made.status).toBe(201);
    loadFixture(file, startEngine({ schemas }).store, signIn);
    const withPassword = seedAccounts.filter((a) => a.password === SEED_PASSWORD && !a.alwaysLocked && !a.totpSecret);
    expect(withPassword.length).toBeGreaterThan(1);
    for (const account of withPassword) expect((await login(signIn, account.email)).status, account.email).toBe(200);
    expect((await login(signIn, 'made.since@example.com', 'Fixture-Fixture-1')).status).toBe(401);
  });
});

describe('a fixture loaded any day', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const [seeded] = file.signIn.invitations;
  if (!seeded) throw new Error('the seeded world has an open invitation (seed.ts)');
  const [inviteToken, invitation] = seeded;
  // No password is checked here: a hasher that costs nothing keeps these tests in milliseconds (scrypt takes seconds
  // for the seeded accounts on a busy machine).
  const hasher: Hasher = { hash: async (password) => `plain$${password}`, matches: async () => false };
  const invited = (sandbox: SignInSandbox) =>
    sandbox.answer('users.getInvited', { path: { inviteToken }, query: new URLSearchParams(), body: {} }, undefined);

  it('gives the same world 30 days after it was written: the seeded invitation still opens, with its week left', async () => {
    const later = file.signIn.takenAt + 30 * DAY_MS;
    let now = later;
    const signIn = await SignInSandbox.seeded({ now: () => now, hasher });
    loadFixture(file, startEngine({ schemas }).store, signIn);
    const answer = await invited(signIn);
    expect(answer).toEqual({ status: 200, body: { email: 'invited@example.com', url: seedInvitation.url } });
    // The week it had when written, no more: it closes when that week is over, counted from the load.
    const left = invitation.expiresAt - file.signIn.takenAt;
    now = later + left - 1;
    expect((await invited(signIn)).status).toBe(200);
    now = later + left;
    expect((await invited(signIn)).status).toBe(404);
  });

  it('exports the time it was written, and the shift round-trips: exported again at once, the expiries are as loaded', async () => {
    const signIn = await SignInSandbox.seeded({ now: () => file.signIn.takenAt + 90 * DAY_MS, hasher });
    const store = startEngine({ schemas }).store;
    loadFixture(file, store, signIn);
    const again = exportFixture(store, signIn).signIn;
    expect(again.takenAt).toBe(file.signIn.takenAt + 90 * DAY_MS);
    expect(again.invitations[0]?.[1].expiresAt).toBe(invitation.expiresAt + 90 * DAY_MS);
  });

  it('refuses a fixture that does not say when it was written', () => {
    const { takenAt: _, ...undated } = file.signIn;
    expect(fixtureProblem({ ...file, signIn: undated })).toMatch(/"signIn.takenAt" is when the state was exported/);
  });
});

describe('--fixture', () => {
  it('reads the file a start names, and stops the start with the file and what is wrong with a bad one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixture-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(file));
    expect(fixtureOption(['node', 'mock.ts', '--fixture', good])).toEqual(file);
    expect(fixtureOption(['node', 'mock.ts', `--fixture=${good}`])).toEqual(file);
    expect(fixtureOption(['node', 'mock.ts'])).toBeUndefined();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...file, records: { ghosts: [] } }));
    expect(() => fixtureOption(['--fixture', bad])).toThrow(`--fixture ${bad}: "records" has an unknown kind "ghosts"`);
    expect(() => fixtureOption(['--fixture'])).toThrow('--fixture needs a file');
  });
});
