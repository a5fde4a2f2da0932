import { INVITATION_MS, LOCKOUT_FAILURES, LOCKOUT_MS, RESET_LINK_MS, SESSION_MS, SignInSandbox } from './sandbox.js';
import { MFA_SECRET, seedAccounts, seedInvitation } from './seed.js';
import { otpauthUrl } from './totp.js';

const minutes = (ms: number) => ms / 60_000;
const days = (ms: number) => ms / 86_400_000;

/** CATALOGUE.md's section on the sandbox: what it answers, its seeded accounts and its rules (from the code). */
export function sandboxSection(table: (head: string[], rows: string[][]) => string[]): string[] {
  return [
    '## Sandbox accounts',
    '',
    '`npm start` (and `npm run mock -- --sandbox`) answers the sign-in calls from a sandbox with state, in memory,',
    'reset at every restart; `--stateless` turns it off. It answers',
    `${SignInSandbox.operations.map((id) => `\`${id}\``).join(', ')};`,
    "every other call, and any request carrying `Prefer`, gets Prism's examples as above. Prism in proxy mode stands in",
    'front of it (`--errors`): a request that breaks the description never reaches it, and an answer that breaks it',
    'becomes a 500 and is counted. The scenario rows above for these calls are then these accounts instead (same',
    'screens); the SSO rows still apply. What it would e-mail is on the outbox page, http://127.0.0.1:4010/outbox/,',
    'newest first, with the contract count.',
    '',
    ...table(
      ['Account', 'Password', 'What it does'],
      seedAccounts.map((a) => [`\`${a.email}\``, a.password ? `\`${a.password}\`` : '(none works)', a.note]),
    ),
    '',
    `- **Two-factor** (\`mfa@example.com\`): TOTP, 6 digits, 30 s, SHA-1, one step of clock drift allowed. Secret`,
    `  \`${MFA_SECRET}\`; for an authenticator app's QR code: \`${otpauthUrl(MFA_SECRET, 'mfa@example.com')}\`.`,
    '  In a test: `totpCode(MFA_SECRET)` from `mock-server/src/sandbox/totp.js`.',
    `- **Lockout**: ${LOCKOUT_FAILURES} failed sign-ins (wrong password or code) within ${minutes(LOCKOUT_MS)} minutes lock the`,
    `  account for ${minutes(LOCKOUT_MS)} minutes: the ${LOCKOUT_FAILURES}th answers 429 with \`Retry-After: ${LOCKOUT_MS / 1000}\`, and every`,
    '  sign-in until then 429 with the seconds left. A successful sign-in clears the count; a password reset lifts a lock.',
    '- **Passwords**: new ones (sign-up, reset) follow §5; stored only as salted scrypt hashes (`node:crypto`), never',
    '  logged. Sign-up with an address in use answers 409.',
    `- **Links**: verification (one use), password reset (one use, ${minutes(RESET_LINK_MS)} minutes; using one spends the`,
    `  address's other reset links), invitation (a signed token whose payload carries the address, ${days(INVITATION_MS)}`,
    '  days, spent by the sign-up; resending mails a new one). A used, expired or unknown token answers 404.',
    `- **Sessions**: a sign-in's access token works for ${days(SESSION_MS)} days or until \`tokens.delete\` revokes it.`,
    `- **Invitation**: \`${seedInvitation.email}\` is invited to Ada Lovelace's Team; its link is in the outbox at start.`,
    '',
  ];
}
