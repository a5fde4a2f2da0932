import type { components, OperationId } from '@runofshow/sdk';
import { defaultHasher } from '#default-hasher';
import { base64url, hex, hmacSha256, randomBytes, utf8 } from './bytes.js';
import { MemoryStore, type Store } from './engine/store.js';
import { HashGate, HashGateFull } from './hash-gate.js';
import { emailDomainIssue, nameLinkIssue } from './known-domains.js';
import { type LimitName, Limits } from './limits.js';
import { mailFor, Outbox } from './mail.js';
import { inboxOf } from './mailbox.js';
import { type Hasher, loginPasswordIssue, newPasswordIssue } from './password-rules.js';
import { seedAccounts, seedInvitation, seedTeam } from './seed.js';
import { LOCKOUT_MS, SignInGuards } from './sign-in-guard.js';
import { ssoByDomain, ssoEmailMatchers } from './sso.js';
import { StoredMap } from './stored-map.js';
import { newTotpSecret, otpauthUrl, TOTP_PERIOD_S, totpStep } from './totp.js';

type User = components['schemas']['User'];
type Team = components['schemas']['Team'];
type Problem = components['schemas']['Problem'];

export { CLIENT_FAILURES, CLIENT_WAITING, LOCKOUT_FAILURES, LOCKOUT_MS } from './sign-in-guard.js';
export const SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_LINK_MS = 60 * 60 * 1000;
/** A verification link works for 24 hours (the usual lifetime of a link that only proves an address). */
export const VERIFICATION_MS = 24 * 60 * 60 * 1000;
export const INVITATION_MS = 7 * 24 * 60 * 60 * 1000;

export interface SandboxRequest {
  path: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** The caller's network address, as the mock's front saw it: what the per-client limits count by. */
  client?: string;
}

export interface SandboxOptions {
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
  /** How passwords are hashed and checked (tests count the work). */
  hasher?: Hasher;
  /** The rate limits on mail and sign-ups (`LIMITS` by default). */
  limits?: Limits;
  /** How many password hashes run at once, and wait (`HashGate`'s defaults). */
  hashGate?: HashGate;
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
  /** The time steps whose code has signed in (or enrolled) already: each code works once. */
  spentSteps: number[];
  alwaysLocked?: boolean;
}

interface OneUseToken {
  email: string;
  expiresAt: number;
  used: boolean;
}

/** An e-mailed invitation: for a team when an admin sent it (`teams.inviteAdmin`, `events.resendInvite`). */
type Invitation = OneUseToken & { url?: string; teamId?: string };

const problem = (status: number, slug: string, title: string, detail: string): Answer => ({
  status,
  body: { type: `https://errors.runofshow.dev/${slug}`, title, status, detail } satisfies Problem,
});
const unauthorized = (detail = 'Invalid email and/or password.') =>
  problem(401, 'unauthorized', 'Unauthorized', detail);
const busy: Answer = {
  ...problem(503, 'service-unavailable', 'Service unavailable', 'The service is unavailable; try again shortly.'),
  headers: { 'Retry-After': '1' },
};
const tooMany = (seconds: number): Answer => ({
  ...problem(429, 'too-many-requests', 'Too many requests', `Too many requests. Try again in ${seconds} seconds.`),
  headers: { 'Retry-After': String(seconds) },
});
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
/** §9's lockout answer: the app shows its 30-minute message for it, counting down from Retry-After. */
const lockedOut = (seconds: number): Answer => ({
  ...problem(429, 'too-many-requests', 'Too many requests', 'Too many failed sign-in attempts. Try again later.'),
  headers: { 'Retry-After': String(seconds) },
});
const ok = (message: string, status = 200): Answer => ({ status, body: { ok: true, message } });

const newId = () => hex(randomBytes(12));
const newToken = () => base64url(randomBytes(32));
const key = (email: string) => email.trim().toLowerCase();
/**
 * What the per-address mail limit counts: the address as one client asks for it (issue 29 F2). Counted by address
 * alone, 5 requests from anyone used up the owner's reset mails for an hour; now each client has its own 5, and the
 * per-client limit bounds what one client can mail in all. The address is its inbox (`mailbox.ts`, F8): plus tags
 * and Gmail's dots do not make another one.
 */
const mailbox = (email: string, client: string) => `${inboxOf(email)}\n${client}`;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The seeded accounts' hashes and the dummy one, by hasher. */
const seedHashes = new WeakMap<Hasher, Promise<{ dummy: string; accounts: string[] }>>();

/**
 * Hashed once per hasher and process, all at once: every seeded sandbox holds the same seed passwords, and a test run
 * seeds hundreds (twelve scrypt hashes in a row each, about a second of CPU). A salted hash shared between sandboxes
 * of one process checks the same passwords, and a fixture already shares them between instances.
 */
function seedHashesOf(hasher: Hasher): Promise<{ dummy: string; accounts: string[] }> {
  const known = seedHashes.get(hasher);
  if (known) return known;
  const hashes = Promise.all([
    hasher.hash(newToken()),
    Promise.all(seedAccounts.map((seed) => hasher.hash(seed.password ?? newToken()))),
  ]).then(([dummy, accounts]) => ({ dummy, accounts }));
  seedHashes.set(hasher, hashes);
  hashes.catch(() => seedHashes.delete(hasher));
  return hashes;
}

/**
 * The sign-in domain with state (issue 16): accounts, teams, sessions, two-factor secrets and the one-use tokens of
 * e-mailed links, in memory. Each method is one operation of the description and answers only what it declares;
 * Prism in proxy mode checks that on every exchange. `now` is injectable so the 30-minute rules can be tested.
 */
export class SignInSandbox {
  /**
   * Where the sign-in state is kept: this process's memory until `keepIn` hands it the engine's store, which several
   * instances on one database share (issue 31): a session, a mail, a link or a lockout made through one instance
   * holds on all of them.
   */
  #store: Store = new MemoryStore();
  readonly #kept = () => this.#store;
  readonly outbox = new Outbox(this.#kept);
  readonly #accounts = new StoredMap<Account>('signIn.accounts', this.#kept);
  readonly #guards = new SignInGuards(this.#kept);
  readonly #teams = new StoredMap<Team>('signIn.teams', this.#kept);
  readonly #sessions = new StoredMap<{ email: string; expiresAt: number }>('signIn.sessions', this.#kept);
  readonly #recoveries = new StoredMap<OneUseToken>('signIn.recoveries', this.#kept);
  readonly #verifications = new StoredMap<OneUseToken>('signIn.verifications', this.#kept);
  readonly #invitations = new StoredMap<Invitation>('signIn.invitations', this.#kept);
  /** Signs invitation tokens, which carry the address in their payload as §2 says; new at every start. */
  readonly #inviteKey = randomBytes(32);
  readonly #now: () => number;
  readonly #hasher: Hasher;
  readonly #limits: Limits;
  readonly #gate: HashGate;
  /** What an unknown address's password is checked against, so it costs what a known one costs. */
  #dummyHash = '';

  private constructor(options: SandboxOptions) {
    this.#now = options.now ?? Date.now;
    this.#hasher = options.hasher ?? defaultHasher;
    this.#limits = options.limits ?? new Limits();
    this.#gate = options.hashGate ?? new HashGate();
  }

  /** A sandbox holding the seeded accounts, Ada's team and one open invitation (its mail in the outbox). */
  static async seeded(options: SandboxOptions = {}): Promise<SignInSandbox> {
    const sandbox = new SignInSandbox(options);
    const hashes = await seedHashesOf(sandbox.#hasher);
    sandbox.#dummyHash = hashes.dummy;
    for (const [i, seed] of seedAccounts.entries()) {
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
        passwordHash: hashes.accounts[i] as string,
        ...(seed.totpSecret ? { totpSecret: seed.totpSecret } : {}),
        spentSteps: [],
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

  /**
   * Keeps the sign-in state in `store` from now on. A store that holds none yet (a new database) is given this
   * instance's seeded state; one that does (another instance wrote it, or a restart finds it) is taken as it is, so
   * the seed is written once. Run it in an exclusive turn when other instances may share the store.
   */
  keepIn(store: Store): void {
    if (store === this.#store) return;
    if (store.count(this.#accounts.kind) === 0) {
      for (const kind of SIGN_IN_KINDS) for (const record of this.#store.all(kind)) store.put(kind, record);
    }
    this.#store = store;
  }

  /**
   * The sign-in state as plain data, for a fixture (`control/fixture.ts`): accounts (hashes, never passwords), teams,
   * sessions and the e-mailed links' tokens. The lockout counts and the outbox are not state a fixture restores.
   * `takenAt` is the sandbox's clock when it was taken: what `restore` measures the expiries from.
   */
  snapshot(): SignInSnapshot {
    return structuredClone({
      takenAt: this.#now(),
      accounts: [...this.#accounts.values()],
      teams: [...this.#teams.values()],
      sessions: [...this.#sessions.entries()],
      recoveries: [...this.#recoveries.entries()],
      verifications: [...this.#verifications.entries()],
      invitations: [...this.#invitations.entries()],
    });
  }

  /**
   * Replaces the sign-in state with a snapshot's (see `snapshot`). Every expiry moves on by the time since the
   * snapshot was taken, so a snapshot loaded any day gives the same world: a session, link or invitation that had a
   * week left when it was taken has a week left when it is loaded (a fixture in the repository must not rot).
   */
  restore(snapshot: SignInSnapshot): void {
    const copy = structuredClone(snapshot);
    const shift = this.#now() - copy.takenAt;
    for (const list of [copy.sessions, copy.recoveries, copy.verifications, copy.invitations]) {
      for (const [, held] of list) held.expiresAt += shift;
    }
    const refill = <V>(map: StoredMap<V>, entries: Iterable<[string, V]>) => {
      map.clear();
      for (const [k, v] of entries) map.set(k, v);
    };
    refill(
      this.#accounts,
      copy.accounts.map((account) => [key(account.user.email), account]),
    );
    refill(
      this.#teams,
      copy.teams.map((team) => [team._id, team]),
    );
    refill(this.#sessions, copy.sessions);
    refill(this.#recoveries, copy.recoveries);
    refill(this.#verifications, copy.verifications);
    refill(this.#invitations, copy.invitations);
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
    // The literal path first: /ssoconfig/emailMatchers would otherwise match /ssoconfig/{domain}.
    'sso.listEmailMatchers',
    'sso.getByDomain',
  ] as const satisfies readonly OperationId[];

  answer(operationId: SandboxOperation, request: SandboxRequest, accessToken: string | undefined): Promise<Answer> {
    const { path, body } = request;
    const client = request.client ?? '';
    switch (operationId) {
      case 'auth.login':
        return this.login(text(body.email), text(body.password), body.timeBasedToken as string | undefined, client);
      case 'users.hasTwoFactorAuth':
        return Promise.resolve(this.hasTwoFactorAuth(text(path.email)));
      case 'users.create':
        return this.createUser(body, client);
      case 'teams.create':
        return Promise.resolve(this.createTeam(accessToken, body));
      case 'users.createPasswordRecoveryToken':
        return Promise.resolve(this.requestPasswordReset(text(path.email), client));
      case 'users.resetPassword':
        return this.resetPassword(text(path.email), text(body.passwordRecoveryToken), text(body.newPassword), client);
      case 'users.verifyEmail':
        return Promise.resolve(this.verifyEmail(text(body.verificationToken)));
      case 'users.getInvited':
        return Promise.resolve(this.getInvited(text(path.inviteToken)));
      case 'users.resendInvite':
        return Promise.resolve(this.resendInvite(text(path.email), client));
      case 'tokens.getUser':
        return Promise.resolve(this.tokenUser(accessToken));
      case 'tokens.isValid':
        return Promise.resolve(this.tokenValidity(accessToken));
      case 'tokens.delete':
        return Promise.resolve(this.revoke(accessToken, text(path.token)));
      case 'users.getTwoFactorSecret':
        return Promise.resolve(this.candidateSecret(accessToken, text(path.userId)));
      case 'users.setTwoFactorSecret':
        return this.enableTwoFactor(accessToken, text(path.userId), body, client);
      case 'users.deleteTwoFactorSecret':
        return this.disableTwoFactor(accessToken, text(path.userId), body, client);
      case 'sso.getByDomain':
        return Promise.resolve(ssoByDomain(text(path.domain)));
      case 'sso.listEmailMatchers':
        return Promise.resolve(ssoEmailMatchers(request.query.get('email')));
    }
  }

  /**
   * POST /login: password, then the code when two-factor is on; five failures in 30 minutes from one client lock the
   * address for that client for 30 minutes, and a client's failures on any address are bounded (`sign-in-guard.ts`).
   * The attempt is counted as a failure before any slow work (the hash), and taken back by a sign-in or a check that
   * never ran: however many guesses arrive at once, at most five passwords (or codes) are checked before the lock. The hash waits its
   * turn at the gate (`hash-gate.ts`). An unknown address is checked against a dummy hash and locked the same way, so
   * it answers as a known one does, in the same time.
   */
  async login(email: string, password: string, code: string | undefined, client = ''): Promise<Answer> {
    if (loginPasswordIssue(password)) return invalid('password', 'Password must be at least 6 characters');
    const address = key(email);
    const now = this.#now();
    const account = this.#accounts.get(address);
    const verdict = await this.#tryPassword(address, client, now, account?.alwaysLocked, async (hashed) => {
      const passes = await hashed(password, account?.passwordHash ?? this.#dummyHash);
      return passes && account !== undefined && this.#codePasses(account, code, now);
    });
    if ('answer' in verdict) return verdict.answer;
    if (!verdict.passed || !account) return verdict.last ? lockedOut(Math.ceil(LOCKOUT_MS / 1000)) : unauthorized();
    const accessToken = newToken();
    const expiresAt = now + SESSION_MS;
    this.#sessions.set(accessToken, { email: address, expiresAt });
    return { status: 200, body: { accessToken, expiresAt: new Date(expiresAt).toISOString(), user: account.user } };
  }

  /**
   * One password check under the sign-in guard: counted before the hash, which waits its turn at the gate, and settled
   * by its outcome. The answer when the guard refuses it or the gate is full; else whether `check` passed, and
   * whether a failure locks the address.
   */
  async #tryPassword(
    address: string,
    client: string,
    now: number,
    alwaysLocked: boolean | undefined,
    check: (hashed: (password: string, stored: string) => Promise<boolean>) => Promise<boolean>,
  ): Promise<{ answer: Answer } | { passed: boolean; last: boolean }> {
    const attempt = await this.#guards.begin(address, client, now, alwaysLocked);
    if (attempt.refused) return { answer: attempt.refused === 'busy' ? busy : lockedOut(attempt.retryAfterS) };
    let unchecked = false;
    const hashed = async (password: string, stored: string) => {
      const passes = await this.#gated(client, () => this.#hasher.matches(password, stored));
      if (passes === undefined) unchecked = true;
      return passes === true;
    };
    let passed = false;
    try {
      passed = await check(hashed);
    } finally {
      this.#guards.settle(address, client, attempt, unchecked ? 'unchecked' : passed ? 'succeeded' : 'failed');
    }
    return unchecked ? { answer: busy } : { passed, last: attempt.last };
  }

  /** `work` (a hash) in its turn at the gate; undefined when too many wait already. */
  async #gated<T>(client: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await this.#gate.run(client, work);
    } catch (error) {
      if (error instanceof HashGateFull) return undefined;
      throw error;
    }
  }

  /** No second factor, or a code of the account's secret whose time step has not signed in yet (it is spent now). */
  #codePasses(account: Account, code: string | undefined, now: number): boolean {
    if (!account.totpSecret) return true;
    return code !== undefined && this.#spend(account, account.totpSecret, code, now);
  }

  /** Spends the time step of `code` for `account`: false when the code is wrong or its step was spent already. */
  #spend(account: Account, secret: string, code: string, now: number): boolean {
    const step = totpStep(secret, code, now);
    if (step === undefined || account.spentSteps.includes(step)) return false;
    // Only steps a code can still match (the current one and one either side) need remembering.
    const current = Math.floor(now / 1000 / TOTP_PERIOD_S);
    account.spentSteps = [...account.spentSteps.filter((spent) => spent >= current - 1), step];
    this.#save(account);
    return true;
  }

  /** The seconds to wait when one of the limits is spent, or 0 (the call is then counted by each of them). */
  #limited(checks: readonly (readonly [LimitName, string])[]): Answer | undefined {
    const wait = this.#limits.take(checks, this.#now());
    return wait > 0 ? tooMany(wait) : undefined;
  }

  /** GET /users/{email}/has2fa: an unknown address answers like an account without a second factor. */
  hasTwoFactorAuth(email: string): Answer {
    return { status: 200, body: { hasTwoFactorAuth: Boolean(this.#accounts.get(key(email))?.totpSecret) } };
  }

  /**
   * POST /users: §5 password rules, 409 for an address in use, and always an unverified account with a verification
   * mail. `isVerified` is the app's claim (a prefilled link, §2), never proof: the address is verified only by a link
   * mailed to it (openapi/DECISIONS.md). Limited per client (sign-ups, mail) and per address (mail).
   */
  async createUser(body: Record<string, unknown>, client = ''): Promise<Answer> {
    const email = text(body.email).trim();
    const limited = this.#limited([
      ['signUpsPerClient', client],
      ['mailPerClient', client],
      ['mailPerAddress', mailbox(email, client)],
    ]);
    if (limited) return limited;
    const domainIssue = emailDomainIssue(email);
    if (domainIssue) return invalid('email', domainIssue);
    for (const field of ['firstName', 'lastName'] as const) {
      const linkIssue = nameLinkIssue(text(body[field]));
      if (linkIssue) return invalid(field, linkIssue);
    }
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
    const user: User = {
      _id: newId(),
      firstName: text(body.firstName),
      lastName: text(body.lastName),
      email,
      isVerified: false,
      ...(typeof body.timezone === 'string' ? { timezone: body.timezone } : {}),
      hasTwoFactorAuth: false,
      pending: false,
      createdOn: new Date(this.#now()).toISOString(),
    };
    const passwordHash = await this.#gated(client, () => this.#hasher.hash(password));
    if (passwordHash === undefined) return busy;
    this.#accounts.set(key(email), { user, passwordHash, spentSteps: [] });
    const token = newToken();
    this.#verifications.set(token, { email: key(email), expiresAt: this.#now() + VERIFICATION_MS, used: false });
    this.outbox.send(mailFor.verification(email, token), new Date(this.#now()));
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

  /**
   * POST /users/{email}/passwordRecoveryToken: a reset mail when the account exists; the same answer either way, the
   * limits included (counted by address whether or not it has an account).
   */
  requestPasswordReset(email: string, client = ''): Answer {
    const limited = this.#limited([
      ['mailPerClient', client],
      ['mailPerAddress', mailbox(email, client)],
    ]);
    if (limited) return limited;
    const account = this.#accounts.get(key(email));
    if (account) {
      const token = newToken();
      this.#recoveries.set(token, { email: key(email), expiresAt: this.#now() + RESET_LINK_MS, used: false });
      this.outbox.send(mailFor.reset(account.user.email, token), new Date(this.#now()));
    }
    return ok('If the address belongs to an account, a link is on its way.', 202);
  }

  /**
   * PUT /users/{email}/reset/password: a live token of this address sets the password, lifts a lockout and ends every
   * session of the account (a stolen session must not outlive the reset). The link was mailed to the address, so
   * using it also proves the address: the account is verified.
   */
  async resetPassword(email: string, token: string, newPassword: string, client = ''): Promise<Answer> {
    const issue = newPasswordIssue(newPassword);
    if (issue) return invalid('newPassword', issue);
    const recovery = this.#recoveries.get(token);
    const account = this.#accounts.get(key(email));
    if (!recovery || recovery.used || recovery.expiresAt <= this.#now() || recovery.email !== key(email) || !account) {
      return problem(404, 'not-found', 'Not found', 'This password reset link is invalid or has expired.');
    }
    // Every reset link of the account is spent: the newest one made the others pointless.
    for (const [other, held] of this.#recoveries.entries())
      if (held.email === recovery.email) this.#recoveries.set(other, { ...held, used: true });
    const hash = await this.#gated(client, () => this.#hasher.hash(newPassword));
    if (hash === undefined) return busy;
    account.passwordHash = hash;
    this.#guards.liftAddress(recovery.email);
    delete account.alwaysLocked;
    account.user.isVerified = true;
    this.#save(account);
    for (const [token, session] of this.#sessions.entries())
      if (session.email === recovery.email) this.#sessions.delete(token);
    this.onProved?.(account.user);
    return ok('Your password was changed.');
  }

  /**
   * POST /users/verify/email: a live verification token (24 hours) marks its address verified, once. The address is
   * then proved, so its open invitations have done their work and are spent.
   */
  verifyEmail(token: string): Answer {
    const verification = this.#verifications.get(token);
    const account = verification && this.#accounts.get(verification.email);
    if (!verification || verification.used || verification.expiresAt <= this.#now() || !account) {
      return problem(404, 'not-found', 'Not found', 'This verification link is invalid or has expired.');
    }
    this.#verifications.set(token, { ...verification, used: true });
    account.user.isVerified = true;
    this.#save(account);
    for (const [open, invitation] of this.#invitations.entries())
      if (invitation.email === verification.email) this.#invitations.set(open, { ...invitation, used: true });
    this.onProved?.(account.user);
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

  /**
   * GET /users/resend/invite/{email}: a fresh link when the address has an open invitation; the same answer always,
   * the limits included. The older links stay good (issue 29): anyone may ask for a resend, and it ended the link the
   * invitee was about to use. Verifying the address spends them all.
   */
  resendInvite(email: string, client = ''): Answer {
    const limited = this.#limited([
      ['mailPerClient', client],
      ['mailPerAddress', mailbox(email, client)],
    ]);
    if (limited) return limited;
    const previous = [...this.#invitations.values()].find((i) => i.email === key(email) && !i.used);
    if (previous && !this.#accounts.has(key(email))) this.#invite(email, previous.url, { endOlder: false });
    return ok('If the address was invited, a new link is on its way.');
  }

  /**
   * An invitation to `teamId`, mailed when its admin invites a person who has not signed up (`teams.inviteAdmin`) or
   * sends it again (`events.resendInvite`). The earlier links stay good, as a resend's do.
   */
  inviteToTeam(email: string, teamId: string, url?: string): void {
    this.#invite(email, url, { endOlder: false, teamId });
  }

  /** The team's admin took the invitation back (`users.deleteTeamRole`): the links sent for that team end. */
  revokeInvitations(email: string, teamId: string): void {
    for (const [token, invitation] of this.#invitations.entries())
      if (invitation.email === key(email) && invitation.teamId === teamId)
        this.#invitations.set(token, { ...invitation, used: true });
  }

  /**
   * Called when an address is proved (its verification link, or a reset link, was used): the engine then gives the
   * account the roles its invitations hold (`engine/invitations.ts`). Set by the sandbox core.
   */
  onProved?: (user: User) => void;

  /** Mails a new invitation link to `email`; a new invitation (not a resend) ends the older links. */
  #invite(email: string, url?: string, { endOlder = true, teamId = '' } = {}): void {
    if (endOlder) {
      for (const [older, invitation] of this.#invitations.entries())
        if (invitation.email === key(email)) this.#invitations.set(older, { ...invitation, used: true });
    }
    const expiresAt = this.#now() + INVITATION_MS;
    const part = (value: object) => base64url(utf8(JSON.stringify(value)));
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ email, exp: Math.floor(expiresAt / 1000) })}`;
    const token = `${unsigned}.${base64url(hmacSha256(this.#inviteKey, unsigned))}`;
    this.#invitations.set(token, {
      email: key(email),
      expiresAt,
      used: false,
      ...(url ? { url } : {}),
      ...(teamId ? { teamId } : {}),
    });
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

  /**
   * PUT /users/{userId}/2fasecret: on with a code the secret produced and the account's password; a wrong code or
   * password 422, already on 409. Issue 29 F6: a session alone turned it on with the holder's secret, so whoever
   * registered someone else's address (unverified, signed in at once) locked its owner out for good. Now an
   * unverified account cannot turn it on (403), and the password is asked for, through the sign-in lockout.
   */
  async enableTwoFactor(
    accessToken: string | undefined,
    userId: string,
    body: Record<string, unknown>,
    client = '',
  ): Promise<Answer> {
    const account = this.#self(accessToken, userId);
    if ('status' in account) return account;
    if (!account.user.isVerified) {
      return problem(
        403,
        'forbidden',
        'Forbidden',
        'Verify your e-mail address before you turn on two-factor authentication.',
      );
    }
    if (account.totpSecret) return problem(409, 'conflict', 'Conflict', 'Two-factor authentication is already on.');
    const refused = await this.#reauthenticate(account, text(body.password), client);
    if (refused) return refused;
    const secret = text(body.twoFactorSecret);
    // The code that proves the new secret is spent like a sign-in's: it cannot sign in after it.
    if (!this.#spend(account, secret, text(body.timeBasedToken), this.#now())) {
      return invalid('timeBasedToken', 'The code does not match the secret.');
    }
    account.totpSecret = secret;
    account.user.hasTwoFactorAuth = true;
    this.#save(account);
    return { status: 200, body: account.user };
  }

  /** DELETE /users/{userId}/2fasecret: off with a current code of the secret, or the account's password. */
  async disableTwoFactor(
    accessToken: string | undefined,
    userId: string,
    body: Record<string, unknown> = {},
    client = '',
  ): Promise<Answer> {
    const account = this.#self(accessToken, userId);
    if ('status' in account) return account;
    const code = text(body.timeBasedToken);
    if (code && account.totpSecret) {
      if (!this.#spend(account, account.totpSecret, code, this.#now())) {
        return invalid('timeBasedToken', 'The code is not a current one of this account.');
      }
    } else {
      const refused = await this.#reauthenticate(account, text(body.password), client);
      if (refused) return refused;
    }
    delete account.totpSecret;
    account.spentSteps = [];
    account.user.hasTwoFactorAuth = false;
    this.#save(account);
    return { status: 200, body: account.user };
  }

  /**
   * PUT /users/{userId}/password (`users.updatePassword`, called through the engine, which checks it is the caller's
   * own account): the current password, checked like a sign-in's through the lockout (a wrong one `403`, as the
   * description says; the fifth from one client `429`), so a stolen session cannot guess it here; the new one to §5's
   * rules, checked first (a weak one says nothing about the current). The account's other sessions end: whoever else
   * held one must sign in with the new password; the caller's own (`keep`) goes on.
   */
  async changePassword(
    email: string,
    password: string,
    newPassword: string,
    client = '',
    keep?: string,
  ): Promise<Answer> {
    const account = this.#accounts.get(key(email));
    if (!account) return problem(404, 'not-found', 'Not found', 'No such user.');
    const issue = newPasswordIssue(newPassword);
    if (issue) return invalid('newPassword', issue);
    const refused = await this.#reauthenticate(account, password, client, () =>
      problem(403, 'forbidden', 'Forbidden', 'The current password is not correct.'),
    );
    if (refused) return refused;
    const hash = await this.#gated(client, () => this.#hasher.hash(newPassword));
    if (hash === undefined) return busy;
    account.passwordHash = hash;
    this.#save(account);
    for (const [token, session] of this.#sessions.entries())
      if (session.email === key(email) && token !== keep) this.#sessions.delete(token);
    return ok('Your password was changed.');
  }

  /**
   * The account's password, asked again before a change to how it signs in: checked like a sign-in's (counted
   * before the hash, locked after five failures from one client), so a stolen session cannot guess it here instead.
   * Undefined when it matches, else the answer.
   */
  async #reauthenticate(
    account: Account,
    password: string,
    client: string,
    wrong = () => invalid('password', 'The password is not correct.'),
  ): Promise<Answer | undefined> {
    if (loginPasswordIssue(password)) return wrong();
    const address = key(account.user.email);
    const now = this.#now();
    const verdict = await this.#tryPassword(address, client, now, account.alwaysLocked, (hashed) =>
      hashed(password, account.passwordHash),
    );
    if ('answer' in verdict) return verdict.answer;
    if (!verdict.passed) {
      return verdict.last ? lockedOut(Math.ceil(LOCKOUT_MS / 1000)) : wrong();
    }
    return undefined;
  }

  /** Writes a changed account back to the store (`StoredMap`). */
  #save(account: Account): void {
    this.#accounts.set(key(account.user.email), account);
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

export interface SignInSnapshot {
  /** The sandbox's clock when the snapshot was taken, in milliseconds. */
  takenAt: number;
  accounts: Account[];
  teams: Team[];
  sessions: [string, { email: string; expiresAt: number }][];
  recoveries: [string, OneUseToken][];
  verifications: [string, OneUseToken][];
  invitations: [string, Invitation][];
}

/** The store's kinds that hold the sign-in slice (none of them a resource of the description's). */
const SIGN_IN_KINDS = [
  'signIn.accounts',
  'signIn.teams',
  'signIn.sessions',
  'signIn.recoveries',
  'signIn.verifications',
  'signIn.invitations',
  'signIn.mails',
  'signIn.lockouts',
  'signIn.clientFailures',
] as const;

export type SandboxOperation = (typeof SignInSandbox.operations)[number];
