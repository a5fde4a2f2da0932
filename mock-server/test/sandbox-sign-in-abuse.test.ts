import { describe, expect, it } from 'vitest';
import { HashGate } from '../src/sandbox/hash-gate.js';
import { type Hasher, scryptHasher } from '../src/sandbox/passwords.js';
import { CLIENT_FAILURES, CLIENT_WAITING, LOCKOUT_FAILURES, SignInSandbox } from '../src/sandbox/sandbox.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { totpCode } from '../src/sandbox/totp.js';
import { quickHasher } from './support/quick-hasher.js';
import { statusCounts, tokenOf } from './support/sandbox-calls.js';

// Issue 29 F2 and F3, found by the red team on the deployed stack: one client's failed sign-ins made everyone's
// sign-in wait behind their hashes, and ten requests an hour kept any account locked with its reset mail used up.

/**
 * The real scrypt, recording whose password each check was for, in the order the checks start, and how many overlap:
 * these tests are about hashes in flight, so they keep the product's cost.
 */
class RecordingHasher implements Hasher {
  started: string[] = [];
  running = 0;
  mostAtOnce = 0;

  /** Forgets what it recorded. One instance for the file: the sandbox hashes the seeded accounts once per hasher. */
  reset(): this {
    this.started = [];
    this.running = 0;
    this.mostAtOnce = 0;
    return this;
  }

  hash(password: string): Promise<string> {
    return scryptHasher.hash(password);
  }

  async matches(password: string, stored: string): Promise<boolean> {
    this.started.push(password);
    this.mostAtOnce = Math.max(this.mostAtOnce, ++this.running);
    try {
      return await scryptHasher.matches(password, stored);
    } finally {
      this.running--;
    }
  }
}

const recording = new RecordingHasher();
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

describe('failed sign-ins from one client (F3)', () => {
  it(`are bounded before any hash: ${CLIENT_FAILURES} of 32 sent at once are checked, another client signs in`, async () => {
    const hasher = recording.reset();
    const sandbox = await SignInSandbox.seeded({ hasher });
    // 32 addresses, so no lockout stops them: only the client's own bound can.
    const replies = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        sandbox.login(`sprayed.${i}@example.com`, 'Wrong-guess-1', undefined, ATTACKER),
      ),
    );
    expect(hasher.started.length).toBe(CLIENT_FAILURES);
    // The ones past the bound waited for those in flight, which all failed: the client's bound was reached.
    expect(statusCounts(replies)).toEqual({ 401: CLIENT_FAILURES, 429: 32 - CLIENT_FAILURES });
    const refused = await sandbox.login('sprayed.32@example.com', 'Wrong-guess-1', undefined, ATTACKER);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers?.['Retry-After'])).toBeGreaterThan(1790);
    expect(hasher.started.length).toBe(CLIENT_FAILURES);
    expect((await sandbox.login('ada@example.com', SEED_PASSWORD, undefined, OWNER)).status).toBe(200);
  });

  it('wait their turn at the gate: at most four hashes at once, and another client’s check goes next', async () => {
    const hasher = recording.reset();
    const sandbox = await SignInSandbox.seeded({ hasher });
    const guesses = Array.from({ length: CLIENT_FAILURES }, (_, i) =>
      sandbox.login(`queued.${i}@example.com`, `Wrong-guess-${i}`, undefined, ATTACKER),
    );
    const owner = sandbox.login('ada@example.com', SEED_PASSWORD, undefined, OWNER);
    expect((await owner).status).toBe(200);
    await Promise.all(guesses);
    expect(hasher.mostAtOnce).toBe(new HashGate().inFlight);
    // Four of the attacker's started at once; the owner's check took the next turn, not the 21st.
    expect(hasher.started.indexOf(SEED_PASSWORD)).toBeLessThanOrEqual(new HashGate().inFlight + 1);
  });

  it('answer 503 with Retry-After, without hashing, when too many checks wait already', async () => {
    const hasher = recording.reset();
    const sandbox = await SignInSandbox.seeded({ hasher, hashGate: new HashGate(1, 2) });
    const replies = await Promise.all(
      ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'].map((client) =>
        sandbox.login('ada@example.com', 'Wrong-guess-1', undefined, client),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual([401, 401, 401, 503]);
    expect(replies[3]?.headers?.['Retry-After']).toBe('1');
    expect(hasher.started.length).toBe(3);
  });
});

describe('sign-ins from one address at once (the drill’s 50 visitors behind one proxy)', () => {
  /** A hasher that takes a few milliseconds, so that many checks are in flight together. */
  const slowHasher: Hasher = {
    hash: async (password) => `hashed:${password}`,
    matches: async (password, stored) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return stored === `hashed:${password}`;
    },
  };

  it('are slowed past the bound, never refused: 50 people of one office at once all sign in, first try', async () => {
    const sandbox = await SignInSandbox.seeded({ hasher: slowHasher });
    const people = Array.from({ length: 50 }, (_, i) => `office.${i}@example.com`);
    for (const [i, email] of people.entries()) {
      const body = { email, password: 'Office-pass-1', firstName: 'Office', lastName: String(i), timezone: 'UTC' };
      expect((await sandbox.createUser(body, `192.0.2.${i + 1}`)).status).toBe(201);
    }
    const replies = await Promise.all(people.map((email) => sandbox.login(email, 'Office-pass-1', undefined, OWNER)));
    expect(replies.map((reply) => reply.status)).toEqual(people.map(() => 200));
  });

  it(`answer 503 with Retry-After past ${CLIENT_WAITING} waiting, and let the others through in their turn`, async () => {
    const sandbox = await SignInSandbox.seeded({ hasher: slowHasher });
    const count = CLIENT_FAILURES + CLIENT_WAITING + 3;
    const people = Array.from({ length: count }, (_, i) => `crowd.${i}@example.com`);
    for (const [i, email] of people.entries()) {
      const body = { email, password: 'Office-pass-1', firstName: 'Crowd', lastName: String(i), timezone: 'UTC' };
      expect((await sandbox.createUser(body, `10.0.${i >> 8}.${i & 255}`)).status).toBe(201);
    }
    const replies = await Promise.all(people.map((email) => sandbox.login(email, 'Office-pass-1', undefined, OWNER)));
    expect(statusCounts(replies)).toEqual({ 200: CLIENT_FAILURES + CLIENT_WAITING, 503: 3 });
    expect(replies.at(-1)?.headers?.['Retry-After']).toBe('1');
  });

  it('count no failure for a check the full gate never ran', async () => {
    const hasher = recording.reset();
    const sandbox = await SignInSandbox.seeded({ hasher, hashGate: new HashGate(1, 0) });
    const burst = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        sandbox.login(`burst.${i}@example.com`, 'Wrong-guess-1', undefined, ATTACKER),
      ),
    );
    expect(statusCounts(burst)).toEqual({ 401: 1, 503: 24 });
    // Only the one checked counts: the client has the rest of its bound, one at a time.
    for (let i = 1; i < CLIENT_FAILURES; i++) {
      expect((await sandbox.login(`single.${i}@example.com`, 'Wrong-guess-1', undefined, ATTACKER)).status).toBe(401);
    }
    expect((await sandbox.login('single.last@example.com', 'Wrong-guess-1', undefined, ATTACKER)).status).toBe(429);
  });
});

describe('an account under attack (F2)', () => {
  it('stays the owner’s: the lockout and the reset mails an attacker spends are the attacker’s own', async () => {
    const sandbox = await SignInSandbox.seeded({ hasher: quickHasher });
    const email = 'ada@example.com';
    // The attacker locks the address for themselves (§9: the fifth failure answers 429 for 30 minutes)…
    const guesses: number[] = [];
    for (let i = 0; i < LOCKOUT_FAILURES; i++) {
      guesses.push((await sandbox.login(email, `Wrong-guess-${i}`, undefined, ATTACKER)).status);
    }
    expect(guesses).toEqual([401, 401, 401, 401, 429]);
    const locked = await sandbox.login(email, SEED_PASSWORD, undefined, ATTACKER);
    expect([locked.status, locked.headers?.['Retry-After']]).toEqual([429, '1800']);
    // …and spends every reset mail they may send to it.
    const resets = Array.from({ length: 6 }, () => sandbox.requestPasswordReset(email, ATTACKER).status);
    expect(resets).toEqual([202, 202, 202, 202, 202, 429]);

    // The owner, on their own address, signs in with the right password…
    expect((await sandbox.login(email, SEED_PASSWORD, undefined, OWNER)).status).toBe(200);
    // …and can still have a reset mailed and use it, then sign in with the new password.
    const mailed = sandbox.outbox.list().length;
    expect(sandbox.requestPasswordReset(email, OWNER).status).toBe(202);
    expect(sandbox.outbox.list().length).toBe(mailed + 1);
    const link = sandbox.outbox.list()[0]?.link ?? '';
    expect((await sandbox.resetPassword(email, tokenOf(link), 'Owner-Again-Pass-2', OWNER)).status).toBe(200);
    expect((await sandbox.login(email, 'Owner-Again-Pass-2', undefined, OWNER)).status).toBe(200);
  });
});

describe('two-factor changes (F6)', () => {
  /** A session of `email`, and its user id. */
  async function session(sandbox: SignInSandbox, email: string, password: string) {
    const signedIn = await sandbox.login(email, password, undefined, OWNER);
    const body = signedIn.body as { accessToken: string; user: { _id: string } };
    return { token: body.accessToken, userId: body.user._id };
  }
  const secretFor = (sandbox: SignInSandbox, token: string, userId: string) =>
    (sandbox.candidateSecret(token, userId).body as { secret: string }).secret;

  it('need the password to turn it on, and the password or a current code to turn it off; a session is not enough', async () => {
    let now = Date.UTC(2026, 0, 1);
    const sandbox = await SignInSandbox.seeded({ now: () => now, hasher: quickHasher });
    const { token, userId } = await session(sandbox, 'ada@example.com', SEED_PASSWORD);
    const secret = secretFor(sandbox, token, userId);
    const on = (extra: Record<string, unknown>) =>
      sandbox.enableTwoFactor(
        token,
        userId,
        { twoFactorSecret: secret, timeBasedToken: totpCode(secret, now), ...extra },
        OWNER,
      );
    expect((await on({})).status).toBe(422);
    expect((await on({ password: 'Not-the-password-1' })).status).toBe(422);
    expect((await on({ password: SEED_PASSWORD })).status).toBe(200);

    now += 60_000;
    const off = (body: Record<string, unknown>) => sandbox.disableTwoFactor(token, userId, body, OWNER);
    expect((await off({})).status).toBe(422);
    expect((await off({ password: 'Not-the-password-1' })).status).toBe(422);
    expect(
      (await off({ timeBasedToken: String((Number(totpCode(secret, now)) + 1) % 1_000_000).padStart(6, '0') })).status,
    ).toBe(422);
    expect((await off({ timeBasedToken: totpCode(secret, now) })).body).toMatchObject({ hasTwoFactorAuth: false });
    expect(sandbox.hasTwoFactorAuth('ada@example.com').body).toEqual({ hasTwoFactorAuth: false });
  });

  it('cannot be turned on by whoever registered someone else’s address: the owner resets and signs in', async () => {
    const sandbox = await SignInSandbox.seeded({ hasher: quickHasher });
    const email = 'victim@example.com';
    const created = await sandbox.createUser(
      { firstName: 'Mal', lastName: 'Lory', email, password: 'Squatter-Pass-1!', captcha: 'c' },
      ATTACKER,
    );
    expect(created.status).toBe(201);
    // Unverified, signed in at once, with a secret of the attacker's own…
    const { token, userId } = await session(sandbox, email, 'Squatter-Pass-1!');
    const secret = secretFor(sandbox, token, userId);
    const takeover = await sandbox.enableTwoFactor(
      token,
      userId,
      { twoFactorSecret: secret, timeBasedToken: totpCode(secret), password: 'Squatter-Pass-1!' },
      ATTACKER,
    );
    expect(takeover.status).toBe(403);
    expect(sandbox.hasTwoFactorAuth(email).body).toEqual({ hasTwoFactorAuth: false });
    // …so the owner's reset through the mailed link gives the account back, with no code to ask for.
    expect(sandbox.requestPasswordReset(email, OWNER).status).toBe(202);
    const link = sandbox.outbox.list().find((mail) => mail.to === email && mail.kind === 'reset')?.link ?? '';
    expect((await sandbox.resetPassword(email, tokenOf(link), 'Owner-Takes-It-2', OWNER)).status).toBe(200);
    expect((await sandbox.login(email, 'Owner-Takes-It-2', undefined, OWNER)).status).toBe(200);
  });
});

describe('mail to one inbox (F8)', () => {
  it('counts the inbox, not its spellings: case, plus tags and Gmail’s dots', async () => {
    const sandbox = await SignInSandbox.seeded({ hasher: quickHasher });
    const spellings = [
      'Ada.Lovelace@gmail.com',
      'adalovelace@gmail.com',
      'ada.lovelace+1@gmail.com',
      'a.d.a.lovelace+2@googlemail.com',
      'ADALOVELACE+three@GMAIL.COM',
      'ada.love.lace+4@gmail.com',
    ];
    const statuses = spellings.map((email) => sandbox.requestPasswordReset(email, ATTACKER).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // Dots count elsewhere: another provider may deliver them to another inbox.
    const elsewhere = ['a.b@example.com', 'ab@example.com', 'a.b+x@example.com'].map(
      (email) => sandbox.requestPasswordReset(email, OWNER).status,
    );
    expect(elsewhere).toEqual([202, 202, 202]);
  });
});
