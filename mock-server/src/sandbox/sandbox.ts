import { createHmac, randomBytes } from 'node:crypto';
import type { components, OperationId } from '@runofshow/sdk';
import { mailFor, Outbox } from './mail.js';
import { hashPassword, loginPasswordIssue, newPasswordIssue, passwordMatches } from './passwords.js';
import { seedAccounts, seedInvitation, seedTeam } from './seed.js';
import { newTotpSecret, otpauthUrl, totpMatches } from './totp.js';

type User = components['schemas']['User'];
type Team = components['schemas']['Team'];
type Problem = components['schemas']['Problem'];

/** §9: failed sign-ins in a row (within the lockout window) that lock the account; the fifth answers 429. */
export const LOCKOUT_FAILURES = 5;
/** §8/§9: the lockout lasts 30 minutes. */
export const LOCKOUT_MS = 30 * 60 * 1000;
export const SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_LINK_MS = 60 * 60 * 1000;
export const INVITATION_MS = 7 * 24 * 60 * 60 * 1000;

export interface SandboxRequest {
  path: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface Account {
  user: User;
  /** scrypt hash; never the password. */
  passwordHash: string;
  totpSecret?: string;
  /** Times of the failed sign-ins still inside the lockout window. */
  failures: number[];
  lockedUntil?: number;
  alwaysLocked?: boolean;
}

interface OneUseToken {
  email: string;
  expiresAt: number;
  used: boolean;
}

const problem = (status: number, slug: string, title: string, detail: string): Answer => ({
  status,
  body: { type: `https://errors.runofshow.dev/${slug}`, title, status, detail } satisfies Problem,
});
const unauthorized = (detail = 'Invalid email and/or password.') =>
  problem(401, 'unauthorized', 'Unauthorized', detail);
const invalid = (field: string, message: string): Answer => ({
  status: 422,
  body: {
    type: 'https://errors.runofshow.dev/validation-failed',
    title: 'Validation failed',
    status: 422,
    detail: message,
    errors: [{ location: ['body', field], code: 'rule', message }],
  } satisfies Problem,
});
const ok = (message: string, status = 200): Answer => ({ status, body: { ok: true, message } });

const newId = () => randomBytes(12).toString('hex');
const newToken = () => randomBytes(32).toString('base64url');
const key = (email: string) => email.trim().toLowerCase();
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The sign-in domain with state (issue 16): accounts, teams, sessions, two-factor secrets and the one-use tokens of
 * e-mailed links, in memory. Each method is one operation of the description and answers only what it declares;
 * Prism in proxy mode checks that on every exchange. `now` is injectable so the 30-minute rules can be tested.
 */
export class SignInSandbox {
  readonly outbox = new Outbox();
  readonly #accounts = new Map<string, Account>();
  readonly #teams = new Map<string, Team>();
  readonly #sessions = new Map<string, { email: string; expiresAt: number }>();
  readonly #recoveries = new Map<string, OneUseToken>();
  readonly #verifications = new Map<string, OneUseToken>();
  readonly #invitations = new Map<string, OneUseToken & { url?: string }>();
  /** Signs invitation tokens, which carry the address in their payload as §2 says; new at every start. */
  readonly #inviteKey = randomBytes(32);
  readonly #now: () => number;

  private constructor(now: () => number) {
    this.#now = now;
  }

  /** A sandbox holding the seeded accounts, Ada's team and one open invitation (its mail in the outbox). */
  static async seeded(now: () => number = Date.now): Promise<SignInSandbox> {
    const sandbox = new SignInSandbox(now);
    for (const seed of seedAccounts) {
      sandbox.#accounts.set(key(seed.email), {
        user: {
          _id: seed._id,
          firstName: seed.firstName,
          lastName: seed.lastName,
          email: seed.email,
          isVerified: true,
          timezone: 'America/New_York',
          hasTwoFactorAuth: Boolean(seed.totpSecret),
          pending: false,
        },
        passwordHash: await hashPassword(seed.password ?? newToken()),
        ...(seed.totpSecret ? { totpSecret: seed.totpSecret } : {}),
        failures: [],
        ...(seed.alwaysLocked ? { alwaysLocked: true } : {}),
      });
    }
    const { adminId, ...team } = seedTeam;
    sandbox.#teams.set(team._id, {
      ...team,
      roles: [{ _id: newId(), teamId: team._id, userId: adminId, roleType: 'admin' }],
    });
    sandbox.#invite(seedInvitation.email, seedInvitation.url);
    return sandbox;
  }

  /** Every operation the sandbox answers; Prism forwards it every call, and it answers any other with 501. */
  static readonly operations = [
    'auth.login',
    'users.hasTwoFactorAuth',
    'users.create',
    'teams.create',
    'users.createPasswordRecoveryToken',
    'users.resetPassword',
    'users.verifyEmail',
    'users.getInvited',
    'users.resendInvite',
    'tokens.getUser',
    'tokens.isValid',
    'tokens.delete',
    'users.getTwoFactorSecret',
    'users.setTwoFactorSecret',
    'users.deleteTwoFactorSecret',
  ] as const satisfies readonly OperationId[];

  answer(operationId: SandboxOperation, request: SandboxRequest, accessToken: string | undefined): Promise<Answer> {
    const { path, body } = request;
    switch (operationId) {
      case 'auth.login':
        return this.login(text(body.email), text(body.password), body.timeBasedToken as string | undefined);
      case 'users.hasTwoFactorAuth':
        return Promise.resolve(this.hasTwoFactorAuth(text(path.email)));
      case 'users.create':
        return this.createUser(body);
      case 'teams.create':
        return Promise.resolve(this.createTeam(accessToken, body));
      case 'users.createPasswordRecoveryToken':
        return Promise.resolve(this.requestPasswordReset(text(path.email)));
      case 'users.resetPassword':
        return this.resetPassword(text(path.email), text(body.passwordRecoveryToken), text(body.newPassword));
      case 'users.verifyEmail':
        return Promise.resolve(this.verifyEmail(text(body.verificationToken)));
      case 'users.getInvited':
        return Promise.resolve(this.getInvited(text(path.inviteToken)));
      case 'users.resendInvite':
        return Promise.resolve(this.resendInvite(text(path.email)));
      case 'tokens.getUser':
        return Promise.resolve(this.tokenUser(accessToken));
      case 'tokens.isValid':
        return Promise.resolve(this.tokenValidity(accessToken));
      case 'tokens.delete':
        return Promise.resolve(this.revoke(accessToken, text(path.token)));
      case 'users.getTwoFactorSecret':
        return Promise.resolve(this.candidateSecret(accessToken, text(path.userId)));
      case 'users.setTwoFactorSecret':
        return Promise.resolve(this.enableTwoFactor(accessToken, text(path.userId), body));
      case 'users.deleteTwoFactorSecret':
        return Promise.resolve(this.disableTwoFactor(accessToken, text(path.userId)));
    }
  }

  /** POST /login: password, then the code when two-factor is on; five failures in 30 minutes lock for 30 minutes. */
  async login(email: string, password: string, code: string | undefined): Promise<Answer> {
    if (loginPasswordIssue(password)) return invalid('password', 'Password must be at least 6 characters');
    const account = this.#accounts.get(key(email));
    if (!account) return unauthorized();
    const now = this.#now();
    if (account.alwaysLocked) account.lockedUntil = now + LOCKOUT_MS;
    if (account.lockedUntil !== undefined && account.lockedUntil > now) return this.#lockedOut(account, now);
    const passes =
      (await passwordMatches(password, account.passwordHash)) &&
      (!account.totpSecret || (code !== undefined && totpMatches(account.totpSecret, code)));
    if (!passes) {
      account.failures = [...account.failures.filter((at) => at > now - LOCKOUT_MS), now];
      if (account.failures.length < LOCKOUT_FAILURES) return unauthorized();
      account.failures = [];
      account.lockedUntil = now + LOCKOUT_MS;
      return this.#lockedOut(account, now);
    }
    account.failures = [];
    delete account.lockedUntil;
    const accessToken = newToken();
    const expiresAt = now + SESSION_MS;
    this.#sessions.set(accessToken, { email: key(email), expiresAt });
    return { status: 200, body: { accessToken, expiresAt: new Date(expiresAt).toISOString(), user: account.user } };
  }

  #lockedOut(account: Account, now: number): Answer {
    const answer = problem(
      429,
      'too-many-requests',
      'Too many requests',
      'Too many failed sign-in attempts. Try again later.',
    );
    return { ...answer, headers: { 'Retry-After': String(Math.ceil(((account.lockedUntil ?? now) - now) / 1000)) } };
  }

  /** GET /users/{email}/has2fa: an unknown address answers like an account without a second factor. */
  hasTwoFactorAuth(email: string): Answer {
    return { status: 200, body: { hasTwoFactorAuth: Boolean(this.#accounts.get(key(email))?.totpSecret) } };
  }

  /** POST /users: §5 password rules, 409 for an address in use, a verification mail unless already verified. */
  async createUser(body: Record<string, unknown>): Promise<Answer> {
    const email = text(body.email).trim();
    const password = text(body.password);
    const issue = newPasswordIssue(password);
    if (issue) return invalid('password', issue);
    if (this.#accounts.has(key(email))) {
      return problem(
        409,
        'conflict',
        'Conflict',
        'Could not complete sign-up. Please verify your details or try logging in.',
      );
    }
    // An invited address proved itself by opening the invitation; the invitation is then spent.
    const invited = [...this.#invitations.values()].filter((i) => i.email === key(email) && !i.used);
    for (const invitation of invited) invitation.used = true;
    const verified = body.isVerified === true || invited.length > 0;
    const user: User = {
      _id: newId(),
      firstName: text(body.firstName),
      lastName: text(body.lastName),
      email,
      isVerified: verified,
      ...(typeof body.timezone === 'string' ? { timezone: body.timezone } : {}),
      hasTwoFactorAuth: false,
      pending: false,
      createdOn: new Date(this.#now()).toISOString(),
    };
    this.#accounts.set(key(email), { user, passwordHash: await hashPassword(password), failures: [] });
    if (!verified) {
      const token = newToken();
      this.#verifications.set(token, { email: key(email), expiresAt: Number.POSITIVE_INFINITY, used: false });
      this.outbox.send(mailFor.verification(email, token), new Date(this.#now()));
    }
    return { status: 201, body: user };
  }

  /** POST /teams: the signed-in user becomes the new team's admin. */
  createTeam(accessToken: string | undefined, body: Record<string, unknown>): Answer {
    const account = this.#signedIn(accessToken);
    if (!account) return unauthorized('The access token is missing, expired or revoked.');
    const _id = newId();
    const team: Team = {
      _id,
      title: text(body.title),
      ...(typeof body.email === 'string' ? { email: body.email } : {}),
      ...(typeof body.defaultTimeZone === 'string' ? { defaultTimeZone: body.defaultTimeZone } : {}),
      roles: [{ _id: newId(), teamId: _id, userId: account.user._id, roleType: 'admin' }],
    };
    this.#teams.set(_id, team);
    return { status: 201, body: team };
  }

  /** POST /users/{email}/passwordRecoveryToken: a reset mail when the account exists; the same answer either way. */
  requestPasswordReset(email: string): Answer {
    const account = this.#accounts.get(key(email));
    if (account) {
      const token = newToken();
      this.#recoveries.set(token, { email: key(email), expiresAt: this.#now() + RESET_LINK_MS, used: false });
      this.outbox.send(mailFor.reset(account.user.email, token), new Date(this.#now()));
    }
    return ok('If the address belongs to an account, a link is on its way.', 202);
  }

  /** PUT /users/{email}/reset/password: a live token of this address sets the password and lifts a lockout. */
  async resetPassword(email: string, token: string, newPassword: string): Promise<Answer> {
    const issue = newPasswordIssue(newPassword);
    if (issue) return invalid('newPassword', issue);
    const recovery = this.#recoveries.get(token);
    const account = this.#accounts.get(key(email));
    if (!recovery || recovery.used || recovery.expiresAt <= this.#now() || recovery.email !== key(email) || !account) {
      return problem(404, 'not-found', 'Not found', 'This password reset link is invalid or has expired.');
    }
    // Every reset link of the account is spent: the newest one made the others pointless.
    for (const other of this.#recoveries.values()) if (other.email === recovery.email) other.used = true;
    account.passwordHash = await hashPassword(newPassword);
    account.failures = [];
    delete account.lockedUntil;
    delete account.alwaysLocked;
    return ok('Your password was changed.');
  }

  /** POST /users/verify/email: a live verification token marks its address verified, once. */
  verifyEmail(token: string): Answer {
    const verification = this.#verifications.get(token);
    const account = verification && this.#accounts.get(verification.email);
    if (!verification || verification.used || !account) {
      return problem(404, 'not-found', 'Not found', 'This verification link is invalid or has expired.');
    }
    verification.used = true;
    account.user.isVerified = true;
    return ok('Your email address has been verified.');
  }

  /** GET /users/invited/{inviteToken}: an open, unexpired invitation gives its address. */
  getInvited(token: string): Answer {
    const invitation = this.#invitations.get(token);
    if (!invitation || invitation.used || invitation.expiresAt <= this.#now()) {
      return problem(404, 'not-found', 'Not found', 'This invitation link has expired or is not valid.');
    }
    return { status: 200, body: { email: invitation.email, ...(invitation.url ? { url: invitation.url } : {}) } };
  }

  /** GET /users/resend/invite/{email}: a fresh link when the address has an invitation; the same answer always. */
  resendInvite(email: string): Answer {
    const previous = [...this.#invitations.values()].find((i) => i.email === key(email) && !i.used);
    if (previous && !this.#accounts.has(key(email))) this.#invite(email, previous.url);
    return ok('If the address was invited, a new link is on its way.');
  }

  #invite(email: string, url?: string): void {
    const expiresAt = this.#now() + INVITATION_MS;
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ email, exp: Math.floor(expiresAt / 1000) })}`;
    const token = `${unsigned}.${createHmac('sha256', this.#inviteKey).update(unsigned).digest('base64url')}`;
    this.#invitations.set(token, { email: key(email), expiresAt, used: false, ...(url ? { url } : {}) });
    this.outbox.send(mailFor.invitation(email, token), new Date(this.#now()));
  }

  /** GET /token/user. */
  tokenUser(accessToken: string | undefined): Answer {
    const account = this.#signedIn(accessToken);
    return account
      ? { status: 200, body: account.user }
      : unauthorized('The access token is missing, expired or revoked.');
  }

  /** GET /tokens/valid: an expired or revoked token is `valid: false`, not 401. */
  tokenValidity(accessToken: string | undefined): Answer {
    const session = accessToken ? this.#sessions.get(accessToken) : undefined;
    if (!session || session.expiresAt <= this.#now()) return { status: 200, body: { valid: false } };
    return { status: 200, body: { valid: true, expiresAt: new Date(session.expiresAt).toISOString() } };
  }

  /** DELETE /tokens/{token}: sign-out; a user may revoke only their own tokens. */
  revoke(accessToken: string | undefined, token: string): Answer {
    const account = this.#signedIn(accessToken);
    if (!account) return unauthorized('The access token is missing, expired or revoked.');
    const target = this.#sessions.get(token);
    if (!target) return problem(404, 'not-found', 'Not found', 'No such token.');
    if (target.email !== key(account.user.email)) {
      return problem(403, 'forbidden', 'Forbidden', 'You may revoke only your own tokens.');
    }
    this.#sessions.delete(token);
    return ok('The token was revoked.');
  }

  /** GET /users/{userId}/2fasecret: a candidate secret; nothing changes until it is confirmed. */
  candidateSecret(accessToken: string | undefined, userId: string): Answer {
    const account = this.#self(accessToken, userId);
    if ('status' in account) return account;
    const secret = newTotpSecret();
    return { status: 200, body: { secret, otpauthUrl: otpauthUrl(secret, account.user.email) } };
  }

  /** PUT /users/{userId}/2fasecret: on with a code the secret produced; a wrong code 422, already on 409. */
  enableTwoFactor(accessToken: string | undefined, userId: string, body: Record<string, unknown>): Answer {
    const account = this.#self(accessToken, userId);
    if ('status' in account) return account;
    if (account.totpSecret) return problem(409, 'conflict', 'Conflict', 'Two-factor authentication is already on.');
    const secret = text(body.twoFactorSecret);
    if (!totpMatches(secret, text(body.timeBasedToken))) {
      return invalid('timeBasedToken', 'The code does not match the secret.');
    }
    account.totpSecret = secret;
    account.user.hasTwoFactorAuth = true;
    return { status: 200, body: account.user };
  }

  /** DELETE /users/{userId}/2fasecret. */
  disableTwoFactor(accessToken: string | undefined, userId: string): Answer {
    const account = this.#self(accessToken, userId);
    if ('status' in account) return account;
    delete account.totpSecret;
    account.user.hasTwoFactorAuth = false;
    return { status: 200, body: account.user };
  }

  #signedIn(accessToken: string | undefined): Account | undefined {
    const session = accessToken ? this.#sessions.get(accessToken) : undefined;
    if (!session || session.expiresAt <= this.#now()) return undefined;
    return this.#accounts.get(session.email);
  }

  #self(accessToken: string | undefined, userId: string): Account | Answer {
    const account = this.#signedIn(accessToken);
    if (!account) return unauthorized('The access token is missing, expired or revoked.');
    if (account.user._id !== userId) return problem(403, 'forbidden', 'Forbidden', 'Only for your own account.');
    return account;
  }
}

export type SandboxOperation = (typeof SignInSandbox.operations)[number];
