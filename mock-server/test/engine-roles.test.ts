import { readFileSync } from 'node:fs';
import { operationTable } from '@runofshow/sdk';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/paths.js';
import { RULE_TEXT, type Rule, type rules, rulesOf } from '../src/sandbox/effects/roles.js';
import { Engine, type EngineRequest } from '../src/sandbox/engine/engine.js';
import { SEEDED } from '../src/sandbox/engine/seed-state.js';
import { loadSchemas, startEngine } from '../src/sandbox/engine/start.js';
import { seedAccounts } from '../src/sandbox/seed.js';

// Issue 31, §6: every engine operation called as each role on the seeded team's event, in process (the rules are the
// engine's; the contract of each answer is engine.test.ts's). A small reference model, written from §6's wording and
// independent of engine/access.ts, says which rules each role passes there; every answer must agree with it.
const RULES = Object.keys(RULE_TEXT) as Rule[];
const idOf = (email: string) => seedAccounts.find((a) => a.email === email)?._id ?? '';

/** The roles of the QA catalogue, each with the rules §6 gives it on the seeded event (its own user as `self`). */
const ROLES: Record<string, { email?: string; passes: readonly Rule[] }> = {
  // Every rule but notSelf: the matrix calls each user operation on the caller's own id (users.setAdmin refuses it).
  productAdmin: { email: 'root@example.com', passes: RULES.filter((rule) => rule !== 'notSelf') },
  teamAdmin: {
    email: 'ada@example.com',
    passes: [
      'signedIn',
      'self',
      'teamMember',
      'teamAdmin',
      'teamOrEventAdmin',
      'eventRole',
      'eventContributor',
      'eventAdmin',
      'showCaller',
      'owner',
      'targetEventContributor',
      'teamGuest',
      'public',
      'guest',
    ],
  },
  eventAdmin: {
    email: 'event.admin@example.com',
    passes: [
      'signedIn',
      'self',
      'teamMember',
      'teamOrEventAdmin',
      'eventRole',
      'eventContributor',
      'eventAdmin',
      'showCaller',
      'targetEventContributor',
      'teamGuest',
      'public',
      'guest',
    ],
  },
  showCaller: {
    email: 'showcaller@example.com',
    passes: [
      'signedIn',
      'self',
      'teamMember',
      'teamOrEventAdmin',
      'eventRole',
      'eventContributor',
      'eventAdmin',
      'showCaller',
      'showCallerRole',
      'targetEventContributor',
      'teamGuest',
      'public',
      'guest',
    ],
  },
  contributor: {
    email: 'contributor@example.com',
    passes: [
      'signedIn',
      'self',
      'teamMember',
      'eventRole',
      'eventContributor',
      'targetEventContributor',
      'teamGuest',
      'public',
      'guest',
    ],
  },
  readOnly: {
    email: 'readonly@example.com',
    passes: ['signedIn', 'self', 'teamMember', 'eventRole', 'teamGuest', 'public', 'guest'],
  },
  guestPass: { passes: ['public', 'guest', 'teamGuest'] },
};

const path = (operationId: keyof typeof rules, userId: string): Record<string, string> => {
  const names = [...operationTable[operationId].path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  const values: Record<string, string> = {
    teamId: '65a1f0c2e4b0a1b2c3d4e5f7',
    eventId: SEEDED.eventId,
    targetEventId: SEEDED.eventId,
    showId: SEEDED.showId,
    itemSetListId: SEEDED.itemSetListId,
    userId,
    rowId: '65a1f0c2e4b0a1b2c3d4e605',
    eventDocId: '65a1f0c2e4b0a1b2c3d4e60b',
    id: '65a1f0c2e4b0a1b2c3d4e60c',
    parentId: '65a1f0c2e4b0a1b2c3d4e60d',
    leadId: '65a1f0c2e4b0a1b2c3d4e6d1',
    tagId: '65a1f0c2e4b0a1b2c3d4e6e1',
  };
  return Object.fromEntries(names.map((name) => [name, values[name] ?? '65a1f0c2e4b0a1b2c3d4e699']));
};

describe('the operation × role matrix', () => {
  it('answers 403 (401 without a session) exactly where the rule table says, for every operation and role', async () => {
    const summary: string[] = [];
    const wrong: string[] = [];
    const schemas = loadSchemas();
    for (const [role, { email, passes }] of Object.entries(ROLES)) {
      let refused = 0;
      for (const operationId of Engine.operations) {
        // A fresh seeded state per call: one call's writes (a permanent delete) must not decide another's answer.
        const engine = startEngine({ schemas });
        const seeded = email ? engine.store.get('users', idOf(email)) : undefined;
        // The clock call acts on the event of the caller's cue: every role account has one on the seeded event.
        const cue = { eventId: SEEDED.eventId, showId: SEEDED.showId, rowId: '65a1f0c2e4b0a1b2c3d4e605' };
        const caller = seeded ? { ...seeded, cue } : undefined;
        if (caller) engine.store.put('users', caller);
        const request: EngineRequest = {
          operationId,
          path: path(operationId, caller?._id ?? idOf('ada@example.com')),
          query: new URLSearchParams({ guestPass: SEEDED.guestPass, eventDocId: '65a1f0c2e4b0a1b2c3d4e60b' }),
          // The cue calls name their event in the body (the only calls that do); the clock call has none.
          body:
            operationId === 'users.updateTrackableCue'
              ? { eventId: SEEDED.eventId }
              : operationId === 'users.updateTrackableCueAndCueClock'
                ? { cue: { eventId: SEEDED.eventId } }
                : // A report without a team is for product administrators (engine-views.test.ts).
                  operationId === 'teams.createDailyActiveUsersReport'
                  ? { teamId: '65a1f0c2e4b0a1b2c3d4e5f7' }
                  : {},
          ...(caller ? { caller } : {}),
        };
        const answer = await engine.answer(request);
        const denied = answer.status === 403 || answer.status === 401;
        const expected = !rulesOf(operationId).every((rule) => passes.includes(rule));
        if (denied) refused++;
        if (denied !== expected) wrong.push(`${role} ${operationId} (${rulesOf(operationId)}): ${answer.status}`);
        expect(answer.status, `${role} ${operationId}`).toBeLessThan(500);
      }
      summary.push(`${role}: ${Engine.operations.length - refused} allowed, ${refused} refused`);
    }
    console.log(`operation × role matrix (${Engine.operations.length} operations): ${summary.join('; ')}`);
    expect(wrong).toEqual([]);
  }, 60_000);

  it("refuses a user another user's own calls, and a guest pass another show", async () => {
    const engine = startEngine();
    const reader = engine.store.get('users', idOf('readonly@example.com'));
    const other = idOf('grace@example.com');
    const own = await engine.answer({
      operationId: 'users.update',
      path: { userId: reader?._id ?? '' },
      query: new URLSearchParams(),
      body: { firstName: 'Rhea' },
      ...(reader ? { caller: reader } : {}),
    });
    expect(own.status).toBe(200);
    const theirs = await engine.answer({
      operationId: 'users.update',
      path: { userId: other },
      query: new URLSearchParams(),
      body: { firstName: 'Mallory' },
      ...(reader ? { caller: reader } : {}),
    });
    expect(theirs.status).toBe(403);
    const guest = await engine.answer({
      operationId: 'shows.getItemSetListAsGuest',
      path: path('shows.getItemSetListAsGuest', ''),
      query: new URLSearchParams({ guestPass: 'gp_NotThisShowsPass0000' }),
      body: {},
    });
    expect(guest.status).toBe(403);
  });
});

describe("section 4's user lifecycle", () => {
  it('deletes, anonymizes for good (restore then answers 404), and refuses to anonymize a live user', async () => {
    const engine = startEngine();
    const root = engine.store.get('users', idOf('root@example.com'));
    const grace = idOf('grace@example.com');
    const as = (operationId: 'users.delete' | 'users.anonymize' | 'users.restore') =>
      engine.answer({
        operationId,
        path: { userId: grace },
        query: new URLSearchParams(),
        body: {},
        ...(root ? { caller: root } : {}),
      });
    expect((await as('users.anonymize')).status).toBe(409);
    expect((await as('users.delete')).status).toBe(200);
    const gone = await as('users.anonymize');
    expect([gone.status, (gone.body as { firstName?: string }).firstName]).toEqual([200, 'Deleted']);
    expect((await as('users.restore')).status).toBe(404);
  });
});

describe('a private show', () => {
  it('is visible to event admins only: others get 403 on it and do not see it listed', async () => {
    const engine = startEngine();
    const as = (email: string, operationId: 'shows.get' | 'events.listShows' | 'shows.setPrivate', body = {}) => {
      const caller = engine.store.get('users', idOf(email));
      return engine.answer({
        operationId,
        path: path(operationId, caller?._id ?? ''),
        query: new URLSearchParams(),
        body,
        ...(caller ? { caller } : {}),
      });
    };
    const listed = async (email: string) =>
      ((await as(email, 'events.listShows')).body as { _id: string }[]).some((s) => s._id === SEEDED.showId);
    expect((await as('event.admin@example.com', 'shows.setPrivate', { private: true })).status).toBe(200);
    for (const email of ['readonly@example.com', 'contributor@example.com']) {
      expect((await as(email, 'shows.get')).status, email).toBe(403);
      expect(await listed(email), email).toBe(false);
    }
    for (const email of ['event.admin@example.com', 'showcaller@example.com', 'ada@example.com', 'root@example.com']) {
      expect((await as(email, 'shows.get')).status, email).toBe(200);
      expect(await listed(email), email).toBe(true);
    }
    expect((await as('event.admin@example.com', 'shows.setPrivate', { private: false })).status).toBe(200);
    expect((await as('readonly@example.com', 'shows.get')).status).toBe(200);
  });
});

describe('the reference docs', () => {
  it("show each operation's rule, the one the sandbox enforces (x-role and the description's last line)", () => {
    const bundle = JSON.parse(readFileSync(paths.bundle, 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string; description?: string; 'x-role'?: string[] }>>;
    };
    const shown = new Map(
      Object.values(bundle.paths)
        .flatMap((item) => Object.values(item))
        .filter((operation) => typeof operation?.operationId === 'string')
        .map((operation) => [operation.operationId, operation]),
    );
    const wrong: string[] = [];
    for (const operationId of Engine.operations) {
      const operation = shown.get(operationId);
      const own = rulesOf(operationId);
      const said = `**Who may call it** (\`x-role: ${own.join(' + ')}\`): ${own.map((r) => RULE_TEXT[r]).join('; ')}`;
      if (JSON.stringify(operation?.['x-role']) !== JSON.stringify(own) || !operation?.description?.includes(said))
        wrong.push(`${operationId}: x-role ${JSON.stringify(operation?.['x-role'])}, the sandbox ${own.join(' + ')}`);
    }
    expect(wrong).toEqual([]);
  });
});
