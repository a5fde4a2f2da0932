// The fixture file: the sandbox's whole state as JSON (issue 32). Written with the `Store` interface alone (`all`,
// `put`, `remove`), so any store behind the engine exports and loads the same file.
import { base64, fromBase64 } from '../sandbox/bytes.js';
import type { Kind } from '../sandbox/effects/types.js';
import { fileSecret } from '../sandbox/engine/files.js';
import type { Store, StoredRecord } from '../sandbox/engine/store.js';
import type { SignInSandbox, SignInSnapshot } from '../sandbox/sandbox.js';

export const FIXTURE_FORMAT = 'runofshow-sandbox-fixture';

export interface Fixture {
  format: typeof FIXTURE_FORMAT;
  version: 1;
  /** The engine's records by kind, each kind oldest first. */
  records: Partial<Record<Kind, StoredRecord[]>>;
  /** The sign-in slice's accounts, teams, sessions and e-mailed tokens. */
  signIn: SignInSnapshot;
}

/** Every kind of record the engine keeps; `tsc` fails when `Kind` gains one this list lacks. */
export const KINDS = [
  'users',
  'teams',
  'events',
  'shows',
  'columns',
  'rows',
  'categories',
  'pdfPresets',
  'eventDocs',
  'fsObjects',
  'labels',
  'eventRoles',
  'teamRoles',
  'eventPermissions',
  'teamPermissions',
  'leads',
  'tags',
  'plans',
  'cards',
  'customers',
  'subscriptions',
  'subscriptionSchedules',
  'invoices',
  'tokens',
  'audits',
  'reports',
  'blobs',
  'userViews',
  'globalElementContainers',
  'catalogue',
] as const satisfies readonly Kind[];
type Missing = Exclude<Kind, (typeof KINDS)[number]>;
const everyKind: [Missing] extends [never] ? true : Missing = true;
void everyKind;

/** Bytes (an uploaded file's) travel as base64 in the JSON. */
const toJson = (value: unknown): unknown => {
  if (value instanceof Uint8Array) return { $bytes: base64(value) };
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v)]));
  }
  return value;
};

const fromJson = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(fromJson);
  if (typeof value === 'object' && value !== null) {
    const bytes = (value as { $bytes?: unknown }).$bytes;
    if (typeof bytes === 'string' && Object.keys(value).length === 1) return fromBase64(bytes);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromJson(v)]));
  }
  return value;
};

function withoutSecret(record: StoredRecord): StoredRecord {
  const { secret: _secret, ...rest } = record;
  return rest as StoredRecord;
}

export function exportFixture(store: Store, signIn: SignInSandbox): Fixture {
  const records: Partial<Record<Kind, StoredRecord[]>> = {};
  for (const kind of KINDS) {
    // A file's signing secret (engine/files.ts) stays with the running sandbox: a fixture is a file people share.
    const all = [...store.all(kind)].map((record) => (kind === 'blobs' ? withoutSecret(record) : record));
    if (all.length) records[kind] = toJson(all) as StoredRecord[];
  }
  return { format: FIXTURE_FORMAT, version: 1, records, signIn: signIn.snapshot() };
}

/** What is wrong with a would-be fixture, or undefined when it can be loaded. */
export function fixtureProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'a fixture is a JSON object';
  const fixture = value as Partial<Fixture>;
  if (fixture.format !== FIXTURE_FORMAT || fixture.version !== 1) {
    return `a fixture has "format": "${FIXTURE_FORMAT}" and "version": 1`;
  }
  if (typeof fixture.records !== 'object' || fixture.records === null) return '"records" is an object of kinds';
  for (const [kind, records] of Object.entries(fixture.records)) {
    if (!(KINDS as readonly string[]).includes(kind)) return `"records" has an unknown kind "${kind}"`;
    if (!Array.isArray(records) || records.some((r) => typeof r?._id !== 'string')) {
      return `"records.${kind}" is a list of records, each with an "_id"`;
    }
  }
  const signIn = fixture.signIn as Partial<SignInSnapshot> | undefined;
  const lists = ['accounts', 'teams', 'sessions', 'recoveries', 'verifications', 'invitations'] as const;
  if (!signIn || lists.some((name) => !Array.isArray(signIn[name]))) {
    return `"signIn" holds the lists ${lists.join(', ')}`;
  }
  if (typeof signIn.takenAt !== 'number' || !Number.isFinite(signIn.takenAt)) {
    return '"signIn.takenAt" is when the state was exported, in milliseconds since 1970: the expiries move on from it';
  }
  return undefined;
}

/** Replaces the whole state with the fixture's: every record of every kind, and the sign-in slice's. */
export function loadFixture(fixture: Fixture, store: Store, signIn: SignInSandbox): void {
  const problem = fixtureProblem(fixture);
  if (problem) throw new Error(`not a fixture: ${problem}`);
  for (const kind of KINDS) {
    for (const record of [...store.all(kind)]) store.remove(kind, record._id);
    for (const record of fixture.records[kind] ?? []) {
      const stored = fromJson(record) as StoredRecord;
      store.put(
        kind,
        kind === 'blobs' && typeof stored.secret !== 'string' ? { ...stored, secret: fileSecret() } : stored,
      );
    }
  }
  signIn.restore(fixture.signIn);
}
