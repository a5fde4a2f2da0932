import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import type { RunningStack } from '../src/stack.js';
import { type CallOptions, callMock, tokenOf } from './support/sandbox-calls.js';

/**
 * Issue 21: the sandbox honours `Idempotency-Key` as Stripe's API does, through the real stack (the mock's public
 * address, Prism's validating proxy, the sandbox), registered by `sandbox.test.ts`, whose one stack they share: a
 * write sent again with its key is applied once and answered as the first time; the key with another request is a
 * 422. Its writes come from a client address of their own, so the per-client limits are its own.
 */
export function idempotencyTests(running: () => RunningStack): void {
  const call = (method: string, path: string, options?: CallOptions) =>
    callMock(running(), method, path, { client: '10.30.0.1', ...options });
  const signUpBody = (email: string) => ({
    firstName: 'Ida',
    lastName: 'Empotent',
    email,
    password: 'Same-Request-Pass-1',
    captcha: 'captcha-token',
  });
  const mailsTo = (email: string) =>
    running()
      .sandbox?.state.outbox.list()
      .filter((mail) => mail.to === email) ?? [];
  let keys = 0;
  const newKey = () => `test-key-${Date.now().toString(36)}-${++keys}`;

  describe('Idempotency-Key on the sandbox’s writes (issue 21)', () => {
    let refusedBefore = 0;
    beforeAll(() => {
      refusedBefore = running().sandbox?.tally.refusedRequests ?? 0;
    });

    it('answers a sign-up sent again with its key as the first time, and creates one account and one mail', async () => {
      const key = newKey();
      const body = signUpBody('once@example.com');
      const first = await call('POST', '/users', { body, idempotencyKey: key });
      const again = await call('POST', '/users', { body, idempotencyKey: key });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(mailsTo('once@example.com')).toHaveLength(1);
      // Without the key, the same body is a new request: the address is taken now.
      expect((await call('POST', '/users', { body })).status).toBe(409);
    });

    it('applies duplicates in flight at the same time once, and answers each with the first answer', async () => {
      const key = newKey();
      const body = signUpBody('at.once@example.com');
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => call('POST', '/users', { body, idempotencyKey: key })),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect(mailsTo('at.once@example.com')).toHaveLength(1);
    });

    it('replays an error answer too, with its status', async () => {
      const key = newKey();
      const body = signUpBody('taken@example.com');
      const first = await call('POST', '/users', { body, idempotencyKey: key });
      const again = await call('POST', '/users', { body, idempotencyKey: key });
      expect([first.status, again.status]).toEqual([409, 409]);
      expect(again.body).toEqual(first.body);
    });

    it('answers the same key with another body, or on another call, with 422 and applies nothing', async () => {
      const key = newKey();
      expect(
        (await call('POST', '/users', { body: signUpBody('first.body@example.com'), idempotencyKey: key })).status,
      ).toBe(201);
      const other = await call('POST', '/users', { body: signUpBody('other.body@example.com'), idempotencyKey: key });
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({
        type: 'https://errors.runofshow.dev/idempotency-key-reused',
        status: 422,
        errors: [{ location: ['header', 'Idempotency-Key'], code: 'idempotency-key-reused' }],
      });
      expect(mailsTo('other.body@example.com')).toHaveLength(0);
      const elsewhere = await call('POST', '/login', {
        body: { email: 'ada@example.com', password: SEED_PASSWORD },
        idempotencyKey: key,
      });
      expect(elsewhere.status).toBe(422);
    });

    it('signs in once per key: the same session, not a second one', async () => {
      const key = newKey();
      const body = { email: 'grace@example.com', password: SEED_PASSWORD };
      const first = await call('POST', '/login', { body, idempotencyKey: key });
      const again = await call('POST', '/login', { body, idempotencyKey: key });
      expect(first.status).toBe(200);
      expect(again.body.accessToken).toBe(first.body.accessToken);
      expect((await call('POST', '/login', { body, idempotencyKey: newKey() })).body.accessToken).not.toBe(
        first.body.accessToken,
      );
    });

    it('keeps each caller’s keys apart (scoped by API key and caller), and spends a reset link once', async () => {
      const key = newKey();
      await call('POST', '/users/ada%40example.com/passwordRecoveryToken', { body: { captcha: 'c' } });
      const token = tokenOf(mailsTo('ada@example.com')[0]?.link ?? '');
      const body = { passwordRecoveryToken: token, newPassword: SEED_PASSWORD };
      const path = '/users/ada%40example.com/reset/password';
      const first = await call('PUT', path, { body, idempotencyKey: key });
      const again = await call('PUT', path, { body, idempotencyKey: key });
      expect([first.status, again.status]).toEqual([200, 200]);
      // Another caller with the same key is another request: the link is spent.
      expect((await call('PUT', path, { body, idempotencyKey: key, apiKey: 'another-caller' })).status).toBe(404);
      // Issue 29 F7: in proxy mode every visitor calls with the site's one API key: another visitor (another client
      // address) with the same key is another request too, never handed the first visitor's answer.
      expect((await call('PUT', path, { body, idempotencyKey: key, client: '198.51.100.77' })).status).toBe(404);
    });

    it('kept to the description: no request refused, no answer breaking it', () => {
      const tally = running().sandbox?.tally;
      expect(tally?.refusedRequests).toBe(refusedBefore);
      expect(tally?.brokenAnswers).toBe(0);
    });
  });
}
