/**
 * The sandbox's accounts at start (and after every restart): the scenario accounts of CATALOGUE.md with state
 * behind them, plus the description's example people. All share one password so QA can type it from memory.
 */
export const SEED_PASSWORD = 'Correct-Horse-9';

/** The base32 two-factor secret of `mfa@example.com`: load it into an authenticator app, or make codes in a test. */
export const MFA_SECRET = 'MFAEXAMPLECOMSANDBOXSECRET234567';

/**
 * The secret of `totp@example.com`, a second two-factor account: a code signs in once, so two people (or two tests)
 * signing in within the same 30 seconds each need an account of their own.
 */
export const TOTP_SECRET = 'TOTPEXAMPLECOMSANDBOXSECRET23456';

export interface SeedAccount {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Undefined: a password nobody knows, so every sign-in fails. */
  password?: string;
  totpSecret?: string;
  /** Locked for good: every sign-in answers 429 with a full 30 minutes to wait. */
  alwaysLocked?: boolean;
  /** What QA sees with it (docs). */
  note: string;
}

export const seedAccounts: readonly SeedAccount[] = [
  {
    _id: '65a1f0c2e4b0a1b2c3d4e5f6',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    password: SEED_PASSWORD,
    note: "signs in; admin of Ada Lovelace's Team",
  },
  {
    _id: '65a1f0c2e4b0a1b2c3d4e6a1',
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    password: SEED_PASSWORD,
    note: 'signs in (no second factor)',
  },
  {
    _id: '65a1f0c2e4b0a1b2c3d4e6a2',
    email: 'mfa@example.com',
    firstName: 'Mfa',
    lastName: 'Example',
    password: SEED_PASSWORD,
    totpSecret: MFA_SECRET,
    note: `asks for the six-digit code of the secret \`${MFA_SECRET}\`; any other code fails`,
  },
  {
    _id: '65a1f0c2e4b0a1b2c3d4e6a7',
    email: 'totp@example.com',
    firstName: 'Totp',
    lastName: 'Example',
    password: SEED_PASSWORD,
    totpSecret: TOTP_SECRET,
    note: `as mfa@example.com, with the secret \`${TOTP_SECRET}\``,
  },
  {
    _id: '65a1f0c2e4b0a1b2c3d4e6a3',
    email: 'locked@example.com',
    firstName: 'Locked',
    lastName: 'Example',
    alwaysLocked: true,
    note: 'always locked out: 429 with `Retry-After: 1800`',
  },
  {
    _id: '65a1f0c2e4b0a1b2c3d4e6a4',
    email: 'wrong@example.com',
    firstName: 'Wrong',
    lastName: 'Example',
    note: 'no password works (and five failures in 30 minutes lock it, as for anyone)',
  },
  {
    _id: '65a1f0c2e4b0a1b2c3d4e6a5',
    email: 'taken@example.com',
    firstName: 'Taken',
    lastName: 'Example',
    password: SEED_PASSWORD,
    note: 'exists, so signing up with it answers 409',
  },
  // §6's roles, one account each, on Ada's team's seeded event (engine/seed-state.ts gives them their roles).
  {
    _id: '65a1f0c2e4b0a1b2c3d4e6b1',
    email: 'event.admin@example.com',
    firstName: 'Eve',
    lastName: 'Admin',
    password: SEED_PASSWORD,
    note: 'event admin of Autumn Product Launch (§6 role `admin`)',
  },
  {
    _id: '65a1f0c2e4b0a1b2c3d4e6b2',
    email: 'contributor@example.com',
    firstName: 'Cora',
    lastName: 'Contributor',
    password: SEED_PASSWORD,
    note: 'contributor on Autumn Product Launch: edits shows, rows, columns, docs; no event settings',
  },
  {
    _id: '65a1f0c2e4b0a1b2c3d4e6b3',
    email: 'readonly@example.com',
    firstName: 'Rhea',
    lastName: 'Reader',
    password: SEED_PASSWORD,
    note: 'readOnly on Autumn Product Launch: reads everything there, every write answers 403',
  },
  {
    _id: '65a1f0c2e4b0a1b2c3d4e6b4',
    email: 'showcaller@example.com',
    firstName: 'Sam',
    lastName: 'Caller',
    password: SEED_PASSWORD,
    note: 'showCaller on Autumn Product Launch: counts as event admin; proofs, tracking, start rows',
  },
  {
    _id: '65a1f0c2e4b0a1b2c3d4e6b5',
    email: 'root@example.com',
    firstName: 'Root',
    lastName: 'Operator',
    password: SEED_PASSWORD,
    note: 'product administrator: every call, leads, reports, cross-team lists',
  },
];

/** Ada's team, with the id the description's examples use. */
export const seedTeam = {
  _id: '65a1f0c2e4b0a1b2c3d4e5f7',
  title: "Ada Lovelace's Team",
  email: 'ada@example.com',
  defaultTimeZone: 'America/New_York',
  adminId: '65a1f0c2e4b0a1b2c3d4e5f6',
};

/** An open invitation to Ada's team; its link is in the outbox at start. */
export const seedInvitation = { email: 'invited@example.com', url: `/dash/team/${seedTeam._id}` };
