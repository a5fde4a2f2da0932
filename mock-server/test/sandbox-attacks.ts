import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/sandbox/limits.js';
import { seedInvitation } from '../src/sandbox/seed.js';
import { totpCode } from '../src/sandbox/totp.js';
import type { RunningStack } from '../src/stack.js';
import { type CountingHasher, until } from './support/counting-hasher.js';
import { type CallOptions, callMock, type Reply, statusCounts, tokenOf, wrongCode } from './support/sandbox-calls.js';

/**
 * Issue 20: the sign-in rules tried as an attacker would, through the real stack (the mock's public address, Prism's
 * validating proxy, the sandbox), registered by `sandbox.test.ts`, whose one stack they share. The sandbox's hasher is
 * counted (and held, to catch guesses in flight), so the work each request causes is asserted rather than timed. Each
 * test calls from a client address of its own (the front believes X-Forwarded-For from loopback), so the per-client
 * limits of one test spare the others.
 */
export function attackTests(running: () => RunningStack, hasher: CountingHasher): void {
  describe('the sign-in rules under attack (issue 20)', () => {
    let refusedBefore = 0;
    beforeAll(() => {
      refusedBefore = running().sandbox?.tally.refusedRequests ?? 0;
    });
    // A test that failed while the hash was held must not hold the next one's.
    afterEach(() => hasher.release());

    const call = (method: string, path: string, options?: CallOptions) => callMock(running(), method, path, options);
    const PASSWORD = 'Attack-Me-Pass-1';
    let clients = 0;
    /** A client address no other test uses. */
    const newClient = () => `10.20.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;
    // Each test signs in from a client of its own: the lockout counts an address per client, and a client's failures
    // across addresses are bounded (issue 29 F2, F3), so one test's guesses must not count against the next.
    let signInClient = newClient();
    beforeEach(() => {
      signInClient = newClient();
    });
    const login = (email: string, password: string, timeBasedToken?: string) =>
      call('POST', '/login', {
        body: { email, password, ...(timeBasedToken ? { timeBasedToken } : {}) },
        client: signInClient,
      });
    const signUp = (email: string, extra: Record<string, unknown> = {}, client = newClient()) =>
      call('POST', '/users', {
        body: { firstName: 'Mal', lastName: 'Lory', email, password: PASSWORD, captcha: 'captcha-token', ...extra },
        client,
      });
    const mailTo = (email: string) =>
      running()
        .sandbox?.state.outbox.list()
        .find((mail) => mail.to === email);

    async function newAccount(email: string): Promise<string> {
      expect((await signUp(email)).status).toBe(201);
      return email;
    }

    /** An account with two-factor on, enrolled through the API with a code of its new secret. */
    async function twoFactorAccount(email: string): Promise<{ secret: string }> {
      await newAccount(email);
      // Only a verified account may turn two-factor on (issue 29 F6).
      const verificationToken = tokenOf(mailTo(email)?.link ?? '');
      expect((await call('POST', '/users/verify/email', { body: { verificationToken } })).status).toBe(200);
      const session = await login(email, PASSWORD);
      const token = String(session.body.accessToken);
      const userId = String((session.body.user as { _id: string })._id);
      const secret = String((await call('GET', `/users/${userId}/2fasecret`, { token })).body.secret);
      const enabled = await call('PUT', `/users/${userId}/2fasecret`, {
        token,
        body: { twoFactorSecret: secret, timeBasedToken: totpCode(secret), password: PASSWORD },
      });
      expect(enabled.status).toBe(200);
      return { secret };
    }

    /**
     * Sends `guesses` at once with every hash held until each guess has reached its hash or been answered, so that all
     * of them are in flight together however fast the hash is; then lets them finish. The answers, and how many
     * passwords were checked.
     */
    async function atOnce(guesses: (() => Promise<Reply>)[]) {
      const before = hasher.checks;
      hasher.hold();
      let answered = 0;
      const replies = guesses.map((guess) =>
        guess().then((reply) => {
          answered++;
          return reply;
        }),
      );
      await until(() => hasher.pending + answered === guesses.length);
      hasher.release();
      return { replies: await Promise.all(replies), checks: hasher.checks - before };
    }

    describe('the lockout under parallel guesses', () => {
      it.each([20, 50])('checks five passwords of %i wrong ones sent at once, and locks the address', async (n) => {
        const email = await newAccount(`race.${n}@example.com`);
        const { replies, checks } = await atOnce(Array.from({ length: n }, (_, i) => () => login(email, `wrong-${i}`)));
        expect(checks).toBe(5);
        expect(statusCounts(replies)).toEqual({ 401: 4, 429: n - 4 });
        expect((await login(email, PASSWORD)).status).toBe(429);
      });

      it('refuses the right password sent while five guesses are still being hashed', async () => {
        const email = await newAccount('race.held@example.com');
        hasher.hold();
        let answered = 0;
        const guesses = Array.from({ length: 20 }, (_, i) =>
          login(email, `wrong-${i}`).then((reply) => {
            answered++;
            return reply;
          }),
        );
        // Each guess either reaches the (held) hash or is answered without it: the server's decision before slow work.
        await until(() => hasher.pending + answered === 20);
        expect({ pending: hasher.pending, answered }).toEqual({ pending: 5, answered: 15 });
        const right = await login(email, PASSWORD);
        expect(right.status).toBe(429);
        expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(1790);
        hasher.release();
        expect(statusCounts(await Promise.all(guesses))).toEqual({ 401: 4, 429: 16 });
      });

      it('checks at most five two-factor codes of 20 sent at once with the right password', async () => {
        const email = 'race.code@example.com';
        const { secret } = await twoFactorAccount(email);
        const wrong = wrongCode(totpCode(secret));
        const { replies, checks } = await atOnce(Array.from({ length: 20 }, () => () => login(email, PASSWORD, wrong)));
        expect(checks).toBe(5);
        expect(statusCounts(replies)).toEqual({ 401: 4, 429: 16 });
        expect((await login(email, PASSWORD, totpCode(secret))).status).toBe(429);
      });
    });

    describe('an unknown address answers as a known one does', () => {
      it('gives the same statuses for six wrong passwords, and costs the same hashing for each', async () => {
        const known = await newAccount('known.enum@example.com');
        const unknown = 'unknown.enum@example.com';
        const tries = async (email: string) => {
          const seen: { status: number; checks: number; retryAfter: string | null }[] = [];
          for (let i = 0; i < 6; i++) {
            const before = hasher.checks;
            const reply = await login(email, 'Not-The-Password-1');
            seen.push({
              status: reply.status,
              checks: hasher.checks - before,
              retryAfter: reply.headers.get('retry-after'),
            });
          }
          return seen;
        };
        const fromKnown = await tries(known);
        expect(fromKnown.map((t) => [t.status, t.checks])).toEqual([
          [401, 1],
          [401, 1],
          [401, 1],
          [401, 1],
          [429, 1],
          [429, 0],
        ]);
        expect(await tries(unknown)).toEqual(fromKnown);
      });
    });

    describe('two-factor codes', () => {
      it('spend a code once it has signed in (per account and time step), the enrolment code included', async () => {
        const email = 'replay@example.com';
        const { secret } = await twoFactorAccount(email);
        // The code that enrolled the secret cannot sign in: it was used.
        const enrolment = totpCode(secret);
        const next = totpCode(secret, Date.now() + 30_000);
        expect((await login(email, PASSWORD, enrolment)).status).toBe(401);
        expect((await login(email, PASSWORD, next)).status).toBe(200);
        expect((await login(email, PASSWORD, next)).status).toBe(401);
        expect((await login(email, PASSWORD, next)).status).toBe(401);
      });
    });

    describe('a password reset', () => {
      it('ends every session the account had', async () => {
        const email = await newAccount('reset.sessions@example.com');
        const tokens = [
          String((await login(email, PASSWORD)).body.accessToken),
          String((await login(email, PASSWORD)).body.accessToken),
        ];
        for (const token of tokens) expect((await call('GET', '/token/user', { token })).status).toBe(200);
        await call('POST', `/users/${encodeURIComponent(email)}/passwordRecoveryToken`, {
          body: { captcha: 'c' },
          client: newClient(),
        });
        const reset = await call('PUT', `/users/${encodeURIComponent(email)}/reset/password`, {
          body: { passwordRecoveryToken: tokenOf(mailTo(email)?.link ?? ''), newPassword: 'Brand-New-Pass-2' },
        });
        expect(reset.status).toBe(200);
        for (const token of tokens) {
          expect((await call('GET', '/token/user', { token })).status).toBe(401);
          expect((await call('GET', '/tokens/valid', { token })).body).toEqual({ valid: false });
        }
        expect((await login(email, 'Brand-New-Pass-2')).status).toBe(200);
      });
    });

    describe('verification', () => {
      it('is never taken from the request: isVerified: true still makes an unverified account and mails the link', async () => {
        const email = 'claims.verified@example.com';
        const created = await signUp(email, { isVerified: true });
        expect([created.status, created.body.isVerified]).toEqual([201, false]);
        const mail = mailTo(email);
        expect(mail?.kind).toBe('verification');
        expect(((await login(email, PASSWORD)).body.user as { isVerified: boolean }).isVerified).toBe(false);
        expect(
          (await call('POST', '/users/verify/email', { body: { verificationToken: tokenOf(mail?.link ?? '') } }))
            .status,
        ).toBe(200);
        expect(((await login(email, PASSWORD)).body.user as { isVerified: boolean }).isVerified).toBe(true);
      });

      it('of an invited address needs its mail too; the sign-up and an anonymous resend spend no link', async () => {
        const invited = seedInvitation.email;
        const first = tokenOf(mailTo(invited)?.link ?? '');
        expect((await call('GET', `/users/invited/${first}`)).status).toBe(200);
        expect(
          (await call('GET', `/users/resend/invite/${encodeURIComponent(invited)}`, { client: newClient() })).status,
        ).toBe(200);
        const second = tokenOf(mailTo(invited)?.link ?? '');
        expect(second).not.toBe(first);
        // Anyone may ask for a resend (issue 29): it must not end the link the invitee holds.
        expect((await call('GET', `/users/invited/${first}`)).status).toBe(200);

        // Anyone may type the invited address into the sign-up form: that proves nothing, and spends nothing.
        const created = await signUp(invited);
        expect([created.status, created.body.isVerified]).toEqual([201, false]);
        expect((await call('GET', `/users/invited/${second}`)).status).toBe(200);
        // The mail to the address proves it; the invitation has then done its work.
        const verification = mailTo(invited);
        expect(verification?.kind).toBe('verification');
        const verified = await call('POST', '/users/verify/email', {
          body: { verificationToken: tokenOf(verification?.link ?? '') },
        });
        expect(verified.status).toBe(200);
        expect((await call('GET', `/users/invited/${second}`)).status).toBe(404);
        expect((await call('GET', `/users/invited/${first}`)).status).toBe(404);
      });
    });

    describe('limits on mail and sign-ups', () => {
      const requestReset = (email: string, client = newClient()) =>
        call('POST', `/users/${encodeURIComponent(email)}/passwordRecoveryToken`, { body: { captcha: 'c' }, client });

      it('answer one client’s sixth mail to one address in an hour with 429, known or not, and spare other clients', async () => {
        const client = newClient();
        const known = 'mail.limit@example.com';
        expect((await signUp(known, {}, client)).status).toBe(201);
        // The sign-up mailed the known address once already: its fifth call is the sign-up's fourth reset.
        const sequence = async (email: string, calls: number) => {
          const seen: [number, string | null][] = [];
          for (let i = 0; i < calls; i++) {
            const reply = await requestReset(email, client);
            seen.push([reply.status, reply.status === 429 ? reply.headers.get('retry-after') : null]);
          }
          return seen;
        };
        const fromKnown = await sequence(known, LIMITS.mailPerAddress.max);
        const fromUnknown = await sequence('mail.limit.nobody@example.com', LIMITS.mailPerAddress.max + 1);
        expect(fromKnown.map(([status]) => status)).toEqual([202, 202, 202, 202, 429]);
        expect(fromUnknown.map(([status]) => status)).toEqual([202, 202, 202, 202, 202, 429]);
        for (const wait of [fromKnown.at(-1)?.[1], fromUnknown.at(-1)?.[1]].map(Number)) {
          expect(wait).toBeGreaterThan(3590);
          expect(wait).toBeLessThanOrEqual(3600);
        }
        // Issue 29 F2: another client (the owner) still gets the address's reset mail.
        expect((await requestReset(known, newClient())).status).toBe(202);
      });

      it('answer a client’s 31st mail-sending call in an hour with 429, and spare the next client', async () => {
        const client = newClient();
        const allowed = await Promise.all(
          Array.from({ length: LIMITS.mailPerClient.max }, (_, i) => requestReset(`many.${i}@example.com`, client)),
        );
        expect(statusCounts(allowed)).toEqual({ 202: 30 });
        const refused = await requestReset('many.30@example.com', client);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3590);
        expect((await requestReset('many.other@example.com', newClient())).status).toBe(202);
      });

      it('answer a client’s 21st sign-up in an hour with 429 and Retry-After', async () => {
        const client = newClient();
        const allowed = await Promise.all(
          Array.from({ length: LIMITS.signUpsPerClient.max }, (_, i) => signUp(`bulk.${i}@example.com`, {}, client)),
        );
        expect(statusCounts(allowed)).toEqual({ 201: 20 });
        const refused = await signUp('bulk.20@example.com', {}, client);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3590);
        expect(mailTo('bulk.20@example.com')).toBeUndefined();
        expect((await signUp('bulk.other@example.com')).status).toBe(201);
      });
    });

    it('kept to the description: no request refused, no answer breaking it', () => {
      const tally = running().sandbox?.tally;
      expect(tally?.refusedRequests).toBe(refusedBefore);
      expect(tally?.lines.filter((line) => line.includes(' response.'))).toEqual([]);
      expect(tally?.brokenAnswers).toBe(0);
    });
  });
}
