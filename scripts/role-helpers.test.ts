import { type EngineRequest, startEngine } from '@runofshow/mock-server/sandbox/engine';
import { type Rule, rules, rulesOf } from '@runofshow/mock-server/sandbox/roles';
import { seedAccounts } from '@runofshow/mock-server/sandbox/seed';
import { SEEDED } from '@runofshow/mock-server/sandbox/seed-state';
import { operationTable } from '@runofshow/sdk';
import {
  type EventRef,
  type EventRoleType,
  hasAnyEventRole,
  isEventAdmin,
  isEventContributor,
  isShowCaller,
  isTeamAdmin,
  type RoleHolder,
} from '@runofshow/ui/roles';
import { describe, expect, it } from 'vitest';

// Issue 31: the app decides what to show with the UI package's §6 helpers, the sandbox decides what to answer with its
// rule table. Both are written from §6; this test holds them to one answer. Every operation whose rules are §6's roles
// is called, as each role holder, on the seeded event; the sandbox's 403 or not must be what the helpers say.
const TEAM = '65a1f0c2e4b0a1b2c3d4e5f7';
const EVENT: EventRef = { eventId: SEEDED.eventId, teamId: TEAM };

/** Each rule the helpers speak for, in the helpers' words (the operations' descriptions name who passes). */
const HELPER: Partial<Record<Rule, (user: RoleHolder) => boolean>> = {
  // "Anyone with a role on the event (readOnly, contributor, admin or showCaller) or a team admin"
  eventRole: (user) => hasAnyEventRole(user, EVENT) || isTeamAdmin(user, TEAM),
  eventContributor: (user) => isEventContributor(user, EVENT),
  eventAdmin: (user) => isEventAdmin(user, EVENT),
  // "Show callers and event admins may call it (the showCaller role counts as event admin)"
  showCaller: (user) => isShowCaller(user, EVENT) || isEventAdmin(user, EVENT),
  // "The caller must hold the showCaller role on the event": §6's show caller helper itself
  showCallerRole: (user) => isShowCaller(user, EVENT),
  teamAdmin: (user) => isTeamAdmin(user, TEAM),
  // "Team admins and event admins of the team's events" (the seeded team has one event)
  teamOrEventAdmin: (user) => isTeamAdmin(user, TEAM) || isEventAdmin(user, EVENT),
  // The matrix's target event is the seeded one: a contributor there
  targetEventContributor: (user) => isEventContributor(user, EVENT),
  // Every call names the caller's own id
  self: () => true,
};

/** The role holders: the seeded accounts, a team admin who is also readOnly on the event, and an outsider. */
const HOLDERS: Record<string, { email: string; extraTeamAdmin?: boolean }> = {
  teamAdmin: { email: 'ada@example.com' },
  eventAdmin: { email: 'event.admin@example.com' },
  showCaller: { email: 'showcaller@example.com' },
  contributor: { email: 'contributor@example.com' },
  readOnly: { email: 'readonly@example.com' },
  readOnlyTeamAdmin: { email: 'readonly@example.com', extraTeamAdmin: true },
  outsider: { email: 'grace@example.com' },
};

const idOf = (email: string) => seedAccounts.find((a) => a.email === email)?._id ?? '';

const pathOf = (operationId: keyof typeof rules, userId: string): Record<string, string> => {
  const names = [...operationTable[operationId].path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  const values: Record<string, string> = {
    teamId: TEAM,
    eventId: SEEDED.eventId,
    targetEventId: SEEDED.eventId,
    showId: SEEDED.showId,
    itemSetListId: SEEDED.itemSetListId,
    userId,
    rowId: '65a1f0c2e4b0a1b2c3d4e605',
    eventDocId: '65a1f0c2e4b0a1b2c3d4e60b',
    id: '65a1f0c2e4b0a1b2c3d4e60c',
  };
  return Object.fromEntries(names.map((name) => [name, values[name] ?? '65a1f0c2e4b0a1b2c3d4e699']));
};

describe("the sandbox's rules and the UI package's §6 helpers", () => {
  it('agree on every operation whose rule is a §6 role, for every role holder', async () => {
    const compared = (Object.keys(rules) as (keyof typeof rules)[]).filter((id) =>
      rulesOf(id).every((rule) => HELPER[rule] !== undefined),
    );
    const cue = { eventId: SEEDED.eventId, showId: SEEDED.showId, rowId: '65a1f0c2e4b0a1b2c3d4e605' };
    const disagree: string[] = [];
    const base = startEngine();
    for (const [holder, { email, extraTeamAdmin }] of Object.entries(HOLDERS)) {
      for (const operationId of compared) {
        // A fresh seeded state per call: one call's writes must not decide another's answer.
        const engine = startEngine({ schemas: base.schemas });
        const userId = idOf(email);
        if (extraTeamAdmin)
          engine.store.put('teamRoles', { _id: '65a1f0c2e4b0a1b2c3d4e9b0', teamId: TEAM, userId, roleType: 'admin' });
        const seeded = engine.store.get('users', userId);
        if (!seeded) throw new Error(`no seeded ${email}`);
        const caller = { ...seeded, cue };
        engine.store.put('users', caller);
        // The holder as the app sees it: the roles the API answers for the user.
        const user: RoleHolder = {
          teamRoles: [...engine.store.all('teamRoles')]
            .filter((r) => r.userId === userId)
            .map((r) => ({ teamId: String(r.teamId), roleType: 'admin' as const })),
          eventRoles: [...engine.store.all('eventRoles')]
            .filter((r) => r.userId === userId)
            .map((r) => ({ eventId: String(r.eventId), role: r.role as EventRoleType })),
        };
        const request: EngineRequest = {
          operationId,
          path: pathOf(operationId, userId),
          query: new URLSearchParams({ eventDocId: '65a1f0c2e4b0a1b2c3d4e60b', eventId: SEEDED.eventId }),
          body: operationId.startsWith('users.updateTrackableCue')
            ? { eventId: SEEDED.eventId, cue }
            : operationId === 'teams.createDailyActiveUsersReport'
              ? { teamId: TEAM }
              : {},
          caller,
        };
        const answer = await engine.answer(request);
        const ui = rulesOf(operationId).every((rule) => HELPER[rule]?.(user));
        if ((answer.status !== 403) !== ui) {
          disagree.push(`${holder} ${operationId} (${rulesOf(operationId).join(' + ')}): sandbox ${answer.status}`);
        }
      }
    }
    console.log(`${compared.length} operations × ${Object.keys(HOLDERS).length} role holders compared`);
    expect(compared.length).toBeGreaterThan(150);
    expect(disagree).toEqual([]);
  }, 60_000);
});
