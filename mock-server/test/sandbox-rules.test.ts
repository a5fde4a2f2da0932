import type { RunningServer } from '@runofshow/devkit/listen';
import { afterAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MAX_KEYS, IDEMPOTENCY_MS, IdempotencyKeys } from '../src/sandbox/idempotency.js';
import { LIMITS, Limits } from '../src/sandbox/limits.js';
import { hashPassword, newPasswordIssue, passwordMatches } from '../src/sandbox/passwords.js';
import { type Answer, LOCKOUT_MS, RESET_LINK_MS, SignInSandbox, VERIFICATION_MS } from '../src/sandbox/sandbox.js';
import { startSandboxServer } from '../src/sandbox/server.js';
import { quickHasher } from './support/quick-hasher.js';

// The sandbox's time rules on a clock the test moves (the stack test covers the same rules through Prism).
const newcomer = {
  firstName: 'Tess',
  lastName: 'Tester',
  email: 'clock@example.com',
  password: 'Clock-Work-Pass-1',
  captcha: 'c',
  isVerified: true,
};

describe('the sandbox’s rules over time', () => {
  it('lifts a lockout after 30 minutes, not a second before', async () => {
    let now = Date.UTC(2026, 0, 1);
    const sandbox = await SignInSandbox.seeded({ now: () => now, hasher: quickHasher });
    await sandbox.createUser(newcomer);
    for (let i = 0; i < 4; i++) expect((await sandbox.login(newcomer.email, 'wrong-one', undefined)).status).toBe(401);
    const fifth = await sandbox.login(newcomer.email, 'wrong-one', undefined);
    expect([fifth.status, fifth.headers?.['Retry-After']]).toEqual([429, '1800']);
    now += LOCKOUT_MS - 1000;
    const later = await sandbox.login(newcomer.email, newcomer.password, undefined);
    expect([later.status, later.headers?.['Retry-After']]).toEqual([429, '1']);
    now += 1000;
    expect((await sandbox.login(newcomer.email, newcomer.password, undefined)).status).toBe(200);
  });

  it('forgets failures older than the window, and a success clears them', async () => {
    let now = Date.UTC(2026, 0, 1);
    const sandbox = await SignInSandbox.seeded({ now: () => now, hasher: quickHasher });
    await sandbox.createUser(newcomer);
    for (let i = 0; i < 4; i++) await sandbox.login(newcomer.email, 'wrong-one', undefined);
    now += LOCKOUT_MS + 1;
    expect((await sandbox.login(newcomer.email, 'wrong-one', undefined)).status).toBe(401);
    expect((await sandbox.login(newcomer.email, newcomer.password, undefined)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await sandbox.login(newcomer.email, 'wrong-one', undefined)).status).toBe(401);
  });

  it('lets a reset link expire after an hour', async () => {
    let now = Date.UTC(2026, 0, 1);
    const sandbox = await SignInSandbox.seeded({ now: () => now, hasher: quickHasher });
    const tokenOfNewestMail = () => {
      const link = sandbox.outbox.list()[0]?.link ?? '';
      return decodeURIComponent(link.split('/').at(-1)?.split('?')[0] ?? '');
    };
    // A link used a second before its hour is up works: the 404 below is the hour's doing, not a bad token.
    sandbox.requestPasswordReset('ada@example.com');
    const inTime = tokenOfNewestMail();
    now += RESET_LINK_MS - 1000;
    expect((await sandbox.resetPassword('ada@example.com', inTime, 'Early-Pass-word-1')).status).toBe(200);
    sandbox.requestPasswordReset('ada@example.com');
    const late = tokenOfNewestMail();
    expect(late).not.toBe(inTime);
    now += RESET_LINK_MS;
    expect((await sandbox.resetPassword('ada@example.com', late, 'Later-Pass-word-1')).status).toBe(404);
  });

  it('lets a verification link expire after 24 hours', async () => {
    let now = Date.UTC(2026, 0, 1);
    const sandbox = await SignInSandbox.seeded({ now: () => now, hasher: quickHasher });
    const linkOfNewestMail = () => {
      const link = sandbox.outbox.list()[0]?.link ?? '';
      return decodeURIComponent(link.split('/').at(-1) ?? '');
    };
    await sandbox.createUser({ ...newcomer, email: 'early@example.com' });
    const early = linkOfNewestMail();
    await sandbox.createUser({ ...newcomer, email: 'late@example.com' });
    const late = linkOfNewestMail();
    now += VERIFICATION_MS - 1000;
    expect(sandbox.verifyEmail(early).status).toBe(200);
    now += 1000;
    expect(sandbox.verifyEmail(late).status).toBe(404);
  });

  it('frees a spent limit when its hour has passed, not a second before', () => {
    let now = Date.UTC(2026, 0, 1);
    const limits = new Limits();
    const take = () => limits.take([['mailPerAddress', 'ada@example.com']], now);
    for (let i = 0; i < LIMITS.mailPerAddress.max; i++) {
      expect(take()).toBe(0);
      now += 60_000;
    }
    // The first call was five minutes ago: the hour frees it 55 minutes from now.
    expect(take()).toBe(55 * 60);
    now += 55 * 60_000 - 1000;
    expect(take()).toBe(1);
    now += 1000;
    expect(take()).toBe(0);
    expect(take()).toBe(60);
  });

  it('remembers an idempotency key for 24 hours, and never a 429', async () => {
    let now = Date.UTC(2026, 0, 1);
    const keys = new IdempotencyKeys(() => now);
    let applied = 0;
    const apply = (status: number) => async (): Promise<Answer> => ({ status, body: { applied: ++applied } });
    expect((await keys.run('caller', 'k', 'request', apply(201))).body).toEqual({ applied: 1 });
    now += IDEMPOTENCY_MS - 1;
    expect((await keys.run('caller', 'k', 'request', apply(201))).body).toEqual({ applied: 1 });
    now += 1;
    expect((await keys.run('caller', 'k', 'request', apply(201))).body).toEqual({ applied: 2 });
    expect((await keys.run('caller', 'limited', 'request', apply(429))).status).toBe(429);
    expect((await keys.run('caller', 'limited', 'request', apply(201))).body).toEqual({ applied: 4 });
  });

  // Issue 29 F7: one cap for every caller let others' writes push a visitor's key out within its 24 hours.
  it('keeps a caller’s key its 24 hours however many keys others use', async () => {
    const keys = new IdempotencyKeys();
    let applied = 0;
    const apply = async (): Promise<Answer> => ({ status: 201, body: { applied: ++applied } });
    expect((await keys.run('visitor', 'team-key', 'create team', apply)).body).toEqual({ applied: 1 });
    for (let i = 0; i < IDEMPOTENCY_MAX_KEYS + 50; i++) await keys.run('others', `k${i}`, `write ${i}`, apply);
    const retry = await keys.run('visitor', 'team-key', 'create team', apply);
    expect([retry.body, retry.headers?.['Idempotent-Replayed']]).toEqual([{ applied: 1 }, 'true']);
  });

  it('stores a salted scrypt hash, never the password, and checks §5', async () => {
    const stored = await hashPassword('Correct-Horse-9');
    expect(stored).toMatch(/^scrypt\$[\w-]+\$[\w-]+$/);
    expect(stored).not.toContain('Correct-Horse-9');
    expect(await hashPassword('Correct-Horse-9')).not.toBe(stored);
    expect(await passwordMatches('Correct-Horse-9', stored)).toBe(true);
    expect(await passwordMatches('Correct-Horse-8', stored)).toBe(false);
    expect(newPasswordIssue('Correct-Horse-9')).toBeUndefined();
    for (const weak of [
      'Short-1a',
      'no-upper-case-1',
      'NO-LOWER-CASE-1',
      'No-Digits-Here',
      'NoSymbols12345',
      `${'A1-'.repeat(11)}a`,
    ]) {
      expect(newPasswordIssue(weak)).toBeDefined();
    }
  });
});

describe('the sandbox’s HTTP side', () => {
  let server: RunningServer | undefined;
  afterAll(() => server?.stop());

  it('refuses a body that is not JSON or is too large with 400, never a 500', async () => {
    server = await startSandboxServer(await SignInSandbox.seeded({ hasher: quickHasher }), 0);
    const post = (body: string) =>
      fetch(`${server?.url}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect((await post('{"email":')).status).toBe(400);
    expect((await post(JSON.stringify({ email: 'ada@example.com', password: 'x'.repeat(100_000) }))).status).toBe(400);
    expect((await post(JSON.stringify({ email: 'ada@example.com', password: 'Correct-Horse-9' }))).status).toBe(200);
  });
});
