import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, installFakeApi, problem, sent, signedIn } from '../../lib/api/fake-api.test-support.js';
import { session } from '../../lib/api/session.js';
import { signUp, signupState } from './signup-store.js';

beforeAll(installFakeApi);

const form = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'Correct-Horse-9',
  company: '',
  verified: false,
};

describe('signup store (§3, §4)', () => {
  it('creates the user, signs in with the same e-mail and password, then creates the team', async () => {
    answerWith(({ operation }) =>
      operation === 'auth.login'
        ? Response.json(signedIn)
        : Response.json({ _id: '5f8d0d55b54764421b7156c4' }, { status: 201 }),
    );
    const outcome = await signUp(form, 'captcha-token');
    expect(outcome).toEqual({ kind: 'new-user' });
    expect(sent.map((call) => call.operation)).toEqual(['users.create', 'auth.login', 'teams.create']);
    expect(sent[0]?.envelope.payload).toMatchObject({
      email: 'ada@example.com',
      password: 'Correct-Horse-9',
      captcha: 'captcha-token',
      industry: 'Corporate',
    });
    expect(sent[1]?.envelope.payload).toEqual({ email: 'ada@example.com', password: 'Correct-Horse-9' });
    expect(sent[2]?.envelope.payload).toMatchObject({ title: "Ada Lovelace's Team", email: 'ada@example.com' });
    expect(session.accessToken).toBe(signedIn.accessToken);
  });

  it('opens the Sign Up Error dialog on a 409, and signs nobody in', async () => {
    answerWith(() => problem(409));
    expect(await signUp(form, 'captcha-token')).toBeUndefined();
    expect(signupState).toMatchObject({ conflictDialogOpen: true, failed: false, signUpInProgress: false });
    expect(sent.map((call) => call.operation)).toEqual(['users.create']);
  });
});
