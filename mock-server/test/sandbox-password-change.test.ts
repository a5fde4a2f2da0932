import { beforeAll, describe, expect, it } from 'vitest';
import { SandboxCore } from '../src/sandbox/answer.js';
import { startEngine } from '../src/sandbox/engine/start.js';
import { LOCKOUT_FAILURES, SignInSandbox } from '../src/sandbox/sandbox.js';
import { SEED_PASSWORD, seedAccounts } from '../src/sandbox/seed.js';
import { webCryptoHasher } from '../src/sandbox/web-hasher.js';

// Issue 31: `users.updatePassword` changed nothing and asked for nothing: a session alone "changed" the password, and
// the current one was never checked. Its description: the signed-in user gives the current password, a wrong one is
// a 403. Checked through §9's lockout like a sign-in, so it cannot be used to guess instead of /login.
const grace = seedAccounts.find((seed) => seed.email === 'grace@example.com');
const ada = seedAccounts.find((seed) => seed.email === 'ada@example.com');
const NEW_PASSWORD = 'Brand-New-Horse-7';
const GUESSER = '203.0.113.50';

describe('users.updatePassword', () => {
  let sandbox: SignInSandbox;
  let core: SandboxCore;
  beforeAll(async () => {
    // A cheap hash (PBKDF2, 1,000 rounds): what is tested is which checks count, not their cost.
    sandbox = await SignInSandbox.seeded({ hasher: webCryptoHasher(1000) });
    core = new SandboxCore(sandbox, startEngine());
  });

  const signIn = async (email: string, password: string, client = '198.51.100.1') => {
    const answer = await sandbox.login(email, password, undefined, client);
    return { status: answer.status, token: (answer.body as { accessToken?: string }).accessToken ?? '' };
  };
  const change = async (userId: string, token: string, body: object, client = '198.51.100.1') => {
    const reply = await core.answer({
      method: 'PUT',
      pathname: `/users/${userId}/password`,
      query: new URLSearchParams({ accessToken: token }),
      headers: new Headers({ 'content-type': 'application/json', 'x-api-key': 'test' }),
      body: new TextEncoder().encode(JSON.stringify(body)),
      client,
    });
    return { status: reply.status, body: JSON.parse(reply.body ?? '{}') as Record<string, unknown> };
  };

  it('answers 403 for a wrong current password, 422 for a weak new one, 403 for someone else, and changes nothing', async () => {
    const { token } = await signIn('grace@example.com', SEED_PASSWORD);
    const id = grace?._id ?? '';
    const wrong = await change(id, token, { password: 'Not-Her-Password-1', newPassword: NEW_PASSWORD });
    expect([wrong.status, wrong.body.title, wrong.body.detail]).toEqual([
      403,
      'Forbidden',
      'The current password is not correct.',
    ]);
    expect((await change(id, token, { password: SEED_PASSWORD, newPassword: 'weak' })).status).toBe(422);
    const other = await change(ada?._id ?? '', token, { password: SEED_PASSWORD, newPassword: NEW_PASSWORD });
    expect(other.status).toBe(403);
    expect((await signIn('grace@example.com', SEED_PASSWORD)).status).toBe(200);
    expect((await signIn('ada@example.com', NEW_PASSWORD)).status).toBe(401);
  });

  it('changes it with the right one: the old one stops, the new one signs in, other sessions end, this one goes on', async () => {
    const { token } = await signIn('grace@example.com', SEED_PASSWORD);
    const elsewhere = (await signIn('grace@example.com', SEED_PASSWORD, '198.51.100.2')).token;
    const changed = await change(grace?._id ?? '', token, { password: SEED_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed).toEqual({ status: 200, body: { ok: true, message: 'Your password was changed.' } });
    expect((await signIn('grace@example.com', SEED_PASSWORD)).status).toBe(401);
    expect((await signIn('grace@example.com', NEW_PASSWORD)).status).toBe(200);
    expect(sandbox.tokenValidity(token).body).toMatchObject({ valid: true });
    expect(sandbox.tokenValidity(elsewhere).body).toEqual({ valid: false });
  });

  it('counts a wrong current password as a failed sign-in: the fifth locks the address for that client', async () => {
    const { token } = await signIn('ada@example.com', SEED_PASSWORD, GUESSER);
    const statuses: number[] = [];
    for (let i = 0; i < LOCKOUT_FAILURES; i++) {
      const guess = await change(
        ada?._id ?? '',
        token,
        { password: `Guess-${i}-abc`, newPassword: NEW_PASSWORD },
        GUESSER,
      );
      statuses.push(guess.status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 429]);
    // The right password no longer helps that client, here or at /login; the owner elsewhere still signs in.
    expect(
      (await change(ada?._id ?? '', token, { password: SEED_PASSWORD, newPassword: NEW_PASSWORD }, GUESSER)).status,
    ).toBe(429);
    expect((await signIn('ada@example.com', SEED_PASSWORD, GUESSER)).status).toBe(429);
    expect((await signIn('ada@example.com', SEED_PASSWORD)).status).toBe(200);
  });
});
