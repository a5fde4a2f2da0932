import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, installFakeApi, problem, sent, signedIn } from '../../lib/api/fake-api.test-support.js';
import { session } from '../../lib/api/session.js';
import { login, loginState } from './login-store.js';

beforeAll(installFakeApi);

describe('login store (§4)', () => {
  it('signs in through auth.login and starts the session', async () => {
    answerWith(() => Response.json(signedIn));
    Object.assign(loginState, { email: ' ada@example.com ', password: 'Correct-Horse-9', step: 'password' });
    expect(await login()).toBe(true);
    expect(sent).toEqual([
      {
        operation: 'auth.login',
        envelope: { payload: { email: 'ada@example.com', password: 'Correct-Horse-9' }, clientId: 'app.login' },
      },
    ]);
    expect(loginState.status).toBe('LOGGED_IN');
    expect(session.accessToken).toBe(signedIn.accessToken);
  });

  it("shows the lockout until the 429's Retry-After runs out", async () => {
    answerWith(() => problem(429, { 'Retry-After': '1800' }));
    const before = Date.now();
    expect(await login()).toBe(false);
    expect(loginState.failure).toMatchObject({ kind: 'lockout' });
    const until = (loginState.failure as { until: number }).until;
    expect(until - before).toBeGreaterThanOrEqual(1_800_000);
  });

  it('says a refused sign-in failed', async () => {
    answerWith(() => problem(401));
    expect(await login()).toBe(false);
    expect(loginState).toMatchObject({ status: 'LOGGED_OUT', failure: { kind: 'failed', problem: undefined } });
  });

  it('says the service is not answering, by the Problem type, rather than blaming the password (issue 34)', async () => {
    answerWith(() =>
      Response.json(
        { type: 'https://errors.runofshow.dev/service-unavailable', title: 'Unavailable', status: 503, detail: 'x' },
        { status: 503, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    expect(await login()).toBe(false);
    expect(loginState.failure).toEqual({ kind: 'failed', problem: 'problemUnavailable' });
  });
});
