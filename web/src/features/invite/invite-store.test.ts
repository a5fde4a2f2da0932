import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, installFakeApi, problem, sent, signedIn } from '../../lib/api/fake-api.test-support.js';
import { session } from '../../lib/api/session.js';
import { inviteState, lookUpInvite, signUpInvited } from './invite-store.js';

beforeAll(installFakeApi);

const invitation = { email: 'ada@example.com', url: 'https://app.test/dash/team/1' };
const form = { firstName: 'Ada', lastName: 'Lovelace', password: 'Correct-Horse-9' };

describe('invite store (§4)', () => {
  it('looks the invitation up by its token, then signs up and in as the invited address', async () => {
    answerWith(({ operation }) =>
      operation === 'users.getInvited'
        ? Response.json(invitation)
        : operation === 'auth.login'
          ? Response.json(signedIn)
          : Response.json({}, { status: 201 }),
    );
    await lookUpInvite('invite-token-1');
    expect(inviteState).toMatchObject({ loading: false, expired: false, email: invitation.email });
    expect(sent[0]).toEqual({
      operation: 'users.getInvited',
      envelope: { params: { inviteToken: 'invite-token-1' }, clientId: 'app.login' },
    });

    answerWith(({ operation }) =>
      operation === 'auth.login' ? Response.json(signedIn) : Response.json({}, { status: 201 }),
    );
    expect(await signUpInvited(form, 'captcha-token')).toEqual({ kind: 'invited', inviteUrl: invitation.url });
    expect(sent.map((call) => call.operation)).toEqual(['users.create', 'auth.login']);
    expect(sent[0]?.envelope.payload).toMatchObject({ ...form, email: invitation.email, captcha: 'captcha-token' });
    expect(sent[1]?.envelope.payload).toEqual({ email: invitation.email, password: form.password });
    expect(session.accessToken).toBe(signedIn.accessToken);
  });

  it('marks a 409 as a conflict and a lookup that fails as an expired link', async () => {
    answerWith(() => problem(409));
    expect(await signUpInvited(form, 'captcha-token')).toBeUndefined();
    expect(inviteState).toMatchObject({ conflict: true, failed: false });
    answerWith(() => problem(404));
    await lookUpInvite('gone');
    expect(inviteState).toMatchObject({ expired: true, loading: false });
  });
});
