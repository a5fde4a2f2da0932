import { IDEMPOTENCY_MAX_KEYS, IDEMPOTENCY_MS } from './idempotency.js';
import { LIMITS } from './limits.js';
import { OUTBOX_PAGE_SIZE } from './outbox-page.js';
import {
  CLIENT_FAILURES,
  INVITATION_MS,
  LOCKOUT_FAILURES,
  LOCKOUT_MS,
  RESET_LINK_MS,
  SESSION_MS,
  SignInSandbox,
  VERIFICATION_MS,
} from './sandbox.js';
import { MFA_SECRET, seedAccounts, seedInvitation } from './seed.js';
import { SSO_FAILING_DOMAIN, seedSsoConfigs } from './sso.js';
import { otpauthUrl } from './totp.js';

const minutes = (ms: number) => ms / 60_000;
const hours = (ms: number) => ms / 3_600_000;
const days = (ms: number) => ms / 86_400_000;
/** `5 sign-ups an hour`, `5 sign-ups per 2 hours`: a limit in words. */
const per = (what: string, limit: { max: number; windowMs: number }) =>
  `${limit.max} ${what} ${hours(limit.windowMs) === 1 ? 'an hour' : `per ${hours(limit.windowMs)} hours`}`;

/** CATALOGUE.md's section on the sandbox: what it answers, its seeded accounts and its rules (from the code). */
export function sandboxSection(table: (head: string[], rows: string[][]) => string[]): string[] {
  return [
    '## Sandbox accounts',
    '',
    '`npm start` (and `npm run mock -- --sandbox`) answers the sign-in calls from a sandbox with state, in memory,',
    'reset at every restart; `--stateless` turns it off. It answers',
    `${SignInSandbox.operations.map((id) => `\`${id}\``).join(', ')};`,
    "every other call from the engine of the next section, and any request carrying `Prefer` gets Prism's examples as above. Prism in proxy mode stands in",
    'front of it (`--errors`): a request that breaks the description never reaches it, and an answer that breaks it',
    'becomes a 500 and is counted. The scenario rows above for these calls are then these accounts and SSO domains',
    "instead (same screens). What it would e-mail is on the outbox page, on the mock's own address",
    `(http://127.0.0.1:4010/outbox/, its links into the app at \`APP_ORIGIN\`): newest first, ${OUTBOX_PAGE_SIZE} mails a page`,
    '(`?before=N` for the mail older than number N), with the contract count.',
    '',
    ...table(
      ['Account', 'Password', 'What it does'],
      seedAccounts.map((a) => [`\`${a.email}\``, a.password ? `\`${a.password}\`` : '(none works)', a.note]),
    ),
    '',
    `- **Two-factor** (\`mfa@example.com\`): TOTP, 6 digits, 30 s, SHA-1, one step of clock drift allowed. Secret`,
    `  \`${MFA_SECRET}\`; for an authenticator app's QR code: \`${otpauthUrl(MFA_SECRET, 'mfa@example.com')}\`.`,
    '  In a test: `totpCode(MFA_SECRET)` from `mock-server/src/sandbox/totp.js`. A code signs in once per account and',
    '  30-second step (the code that enrolled a secret included): two people signing in within the same 30 seconds',
    '  each take an account, `totp@example.com` being the second. Turning it on takes the password and a verified',
    '  address (403 before); turning it off, the password or a current code.',
    `- **Lockout**: ${LOCKOUT_FAILURES} failed sign-ins (wrong password or code) from one client within ${minutes(LOCKOUT_MS)} minutes lock`,
    `  the address for that client for ${minutes(LOCKOUT_MS)} minutes: the ${LOCKOUT_FAILURES}th answers 429 with \`Retry-After: ${LOCKOUT_MS / 1000}\`, and`,
    '  every sign-in from it until then 429 with the seconds left; the owner elsewhere still signs in. A successful',
    '  sign-in clears the count; a password reset lifts every lock on the address. A client may fail',
    `  ${CLIENT_FAILURES} sign-ins in all within the window (then 429); while its sign-ins in flight would pass that`,
    '  bound, the next answers 503 with `Retry-After: 1` (an office behind one address is slowed, never locked out). At',
    '  most four password checks run at once, waiting clients served in turn (past 256 waiting: 503, not counted).',
    '  Each attempt is counted before its password is checked, so at most five passwords or codes are checked per lock',
    '  however many arrive at once. An address without an account is checked against a dummy hash and locked the same',
    '  way: it answers as a known one does, in the same time.',
    '- **Passwords**: new ones (sign-up, reset) follow §5; stored only as salted scrypt hashes (`node:crypto`), never',
    '  logged. Sign-up with an address in use answers 409.',
    '- **Verification**: every sign-up makes an unverified account and mails a verification link; `isVerified: true` in',
    '  the request is not honoured (openapi/DECISIONS.md). A verification link, or a password reset link, marks the',
    '  address verified.',
    `- **Links**: verification (one use, ${hours(VERIFICATION_MS)} hours), password reset (one use, ${minutes(RESET_LINK_MS)} minutes; using one`,
    `  spends the address's other reset links), invitation (a signed token whose payload carries the address,`,
    `  ${days(INVITATION_MS)} days; a resend mails a new link and the older ones stay good; a sign-up spends none, verifying the`,
    '  address spends them all). A used, expired or unknown token answers 404.',
    `- **Sessions**: a sign-in's access token works for ${days(SESSION_MS)} days, until \`tokens.delete\` revokes it, or until a`,
    '  password reset ends every session of the account.',
    '- **Limits**: calls that may mail an address (sign-up, reset request, invitation resend), counted whether or not',
    `  the address has an account: ${per('per address from one client', LIMITS.mailPerAddress)} (so a stranger cannot use up the owner's`,
    '  reset mail). An address is its inbox: case, a `+tag` and, at gmail.com and googlemail.com, the dots of the local',
    `  part make no other one. From one client: ${per('such calls', LIMITS.mailPerClient)}, ${per('sign-ups', LIMITS.signUpsPerClient)}. The client is the nearest`,
    "  `X-Forwarded-For` entry that is not one of the deployment's proxies (loopback and `MOCK_TRUSTED_PROXIES`), else the",
    "  connection's own address. Past one: 429 with `Retry-After`, the seconds until the oldest call of the hour leaves it.",
    `- **Idempotency-Key** on a write: the same key and request within ${hours(IDEMPOTENCY_MS)} hours get the first answer again`,
    '  (`Idempotent-Replayed: true`), applied once; a duplicate in flight waits for the first; another request under the',
    `  key answers 422. 429 and 5xx answers are not kept. Keys are scoped by API key and caller (the session, else the client`,
    `  address); at most ${IDEMPOTENCY_MAX_KEYS.toLocaleString('en-US')} per caller are kept, so nobody else's writes push a key out.`,
    `- **Invitation**: \`${seedInvitation.email}\` is invited to Ada Lovelace's Team; its link is in the outbox at start.`,
    '',
    ...ssoDomains(table),
  ];
}

/** The sandbox's single sign-on domains: /login offers them "Continue with SSO", /login/sso lets them through. */
function ssoDomains(table: (head: string[], rows: string[][]) => string[]): string[] {
  return [
    '### Single sign-on domains',
    '',
    ...table(
      ['Domain', 'E-mail matchers', 'Provider', 'What it does'],
      seedSsoConfigs.map((c) => [
        `\`${c.domain}\``,
        c.emailMatchers.map((m) => `\`${m}\``).join(', '),
        c.provider ?? '',
        c.note,
      ]),
    ),
    '',
    `Any other domain has none (404: /login offers no SSO, /login/sso says 'Invalid SSO Domain' in place);`,
    `\`${SSO_FAILING_DOMAIN}\` answers 500, a lookup that fails.`,
    '',
  ];
}
