import { beforeAll, describe, expect, it } from 'vitest';
import { SandboxCore } from '../src/sandbox/answer.js';
import { SEEDED } from '../src/sandbox/engine/seed-state.js';
import { startEngine } from '../src/sandbox/engine/start.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';
import { SEED_PASSWORD, seedTeam } from '../src/sandbox/seed.js';
import { webCryptoHasher } from '../src/sandbox/web-hasher.js';

// Issue 31: an invitation belonged to nobody. `teams.inviteAdmin` made a role for the pending user and mailed nothing;
// a sign-up at the invited address made a new user the role never reached; `events.resendInvite` "sent" a link to
// anyone. Now the invitation is its team's: its admin sends it (a link in the outbox), lists it, takes it back; the
// person who proves the address joins that team with the invited role; another team's admin can do none of it.
const TEAM = seedTeam._id;

describe('invitations tied to teams', () => {
  let sandbox: SignInSandbox;
  let core: SandboxCore;
  beforeAll(async () => {
    sandbox = await SignInSandbox.seeded({ hasher: webCryptoHasher(1000) });
    core = new SandboxCore(sandbox, startEngine());
  });

  const call = async (method: string, path: string, token?: string, body?: object) => {
    const reply = await core.answer({
      method,
      pathname: path,
      query: new URLSearchParams(token ? { accessToken: token } : {}),
      headers: new Headers({ 'content-type': 'application/json', 'x-api-key': 'test' }),
      body: new TextEncoder().encode(body ? JSON.stringify(body) : ''),
      client: '198.51.100.31',
    });
    return { status: reply.status, text: reply.body ?? '', json: JSON.parse(reply.body || '{}') };
  };
  const signIn = async (email: string) =>
    String(
      ((await sandbox.login(email, SEED_PASSWORD, undefined, '198.51.100.31')).body as { accessToken?: string })
        .accessToken,
    );
  const linkTo = (email: string, kind: 'invitation' | 'verification') =>
    decodeURIComponent(
      sandbox.outbox
        .list()
        .find((mail) => mail.to === email && mail.kind === kind)
        ?.link.split('/')
        .at(-1) ?? '',
    );
  const invite = async (token: string, email: string) => {
    const pending = await call('POST', '/users/pending', token, { email, firstName: 'Inv', lastName: 'Itee' });
    expect(pending.status).toBe(201);
    const role = await call('PUT', `/teams/${TEAM}/inviteadmin/${pending.json._id}`, token);
    expect([role.status, role.json.teamId, role.json.roleType]).toEqual([200, TEAM, 'admin']);
    return String(pending.json._id);
  };
  /** Signs up at `email` and proves it with the mailed link; the new account's token and id. */
  const acceptAs = async (email: string) => {
    const signUp = { firstName: 'Inv', lastName: 'Itee', email, password: SEED_PASSWORD, captchaToken: 'ok' };
    const created = await call('POST', '/users', undefined, signUp);
    expect(created.status).toBe(201);
    const token = await signIn(email);
    return { token, id: String(created.json._id) };
  };
  const verify = async (email: string) => {
    const verified = await call('POST', '/users/verify/email', undefined, {
      verificationToken: linkTo(email, 'verification'),
    });
    expect(verified.status).toBe(200);
  };

  it('is sent, listed and accepted within its team: the proved address joins it with the invited role', async () => {
    const ada = await signIn('ada@example.com');
    const email = 'invited.31@example.com';
    const pendingId = await invite(ada, email);
    const opened = await call('GET', `/users/invited/${encodeURIComponent(linkTo(email, 'invitation'))}`);
    expect([opened.status, opened.json.email]).toEqual([200, email]);
    expect((await call('GET', `/teams/${TEAM}/eligibleMembers`, ada)).text).toContain(pendingId);

    // Signed up, not yet proved: typing the invited address is not enough to join the team.
    const invitee = await acceptAs(email);
    expect((await call('GET', `/teams/${TEAM}`, invitee.token)).status).toBe(403);
    await verify(email);
    expect((await call('GET', `/teams/${TEAM}`, invitee.token)).status).toBe(200);
    // The invited role: admin-only calls of that team now answer.
    const members = await call('GET', `/teams/${TEAM}/eligibleMembers`, invitee.token);
    expect(members.status).toBe(200);
    expect(members.text).toContain(invitee.id);
    expect(members.text).not.toContain(pendingId);
    // Signed up now: sending the invitation again is a 409, as events.resendInvite says.
    expect((await call('PUT', `/events/${SEEDED.eventId}/eventinvite/${invitee.id}`, ada)).status).toBe(409);
  });

  it('is its team’s alone: another team’s admin can neither see, send nor revoke it; its own admin revokes it', async () => {
    const ada = await signIn('ada@example.com');
    const email = 'revoked.31@example.com';
    const pendingId = await invite(ada, email);
    const grace = await signIn('grace@example.com');
    expect((await call('POST', '/teams', grace, { title: 'Grace’s own team' })).status).toBe(201);
    expect((await call('GET', `/teams/${TEAM}/eligibleMembers`, grace)).status).toBe(403);
    expect((await call('PUT', `/teams/${TEAM}/inviteadmin/${pendingId}`, grace)).status).toBe(403);
    expect((await call('GET', `/users/${pendingId}/team/${TEAM}/deleterole`, grace)).status).toBe(403);
    expect((await call('PUT', `/events/${SEEDED.eventId}/eventinvite/${pendingId}`, grace)).status).toBe(403);

    // Its own admin sends it again (a fresh link), then takes it back: every link of that team's invitation ends.
    const mails = sandbox.outbox.list().length;
    expect((await call('PUT', `/events/${SEEDED.eventId}/eventinvite/${pendingId}`, ada)).status).toBe(200);
    expect(sandbox.outbox.list().length).toBe(mails + 1);
    const link = linkTo(email, 'invitation');
    expect((await call('GET', `/users/${pendingId}/team/${TEAM}/deleterole`, ada)).status).toBe(200);
    expect((await call('GET', `/users/invited/${encodeURIComponent(link)}`)).status).toBe(404);
    expect((await call('GET', `/teams/${TEAM}/eligibleMembers`, ada)).text).not.toContain(pendingId);
    expect((await call('PUT', `/events/${SEEDED.eventId}/eventinvite/${pendingId}`, ada)).status).toBe(404);
    // Proving the address later joins nothing.
    const late = await acceptAs(email);
    await verify(email);
    expect((await call('GET', `/teams/${TEAM}`, late.token)).status).toBe(403);
  });
});
