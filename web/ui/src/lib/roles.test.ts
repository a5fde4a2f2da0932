import { describe, expect, it } from 'vitest';
import {
  type EventRef,
  type EventRoleType,
  eventAdminsRule,
  eventNonAdminsRule,
  hasAnyEventRole,
  isEventAdmin,
  isEventContributor,
  isShowCaller,
  isTeamAdmin,
  isVisibleTo,
  type RoleHolder,
  teamAdminsRule,
} from './roles.js';

const event: EventRef = { eventId: 'e'.repeat(24), teamId: 't'.repeat(24) };
const otherEventId = 'f'.repeat(24);
const otherTeamId = 'u'.repeat(24);

type TeamAdmin = 'no' | 'this' | 'other';
type EventRole = EventRoleType | 'none';

function user(teamAdmin: TeamAdmin, role: EventRole, onEvent = event.eventId): RoleHolder {
  const teamId = teamAdmin === 'this' ? event.teamId : otherTeamId;
  return {
    teamRoles: teamAdmin === 'no' ? [] : [{ teamId, roleType: 'admin' }],
    eventRoles: role === 'none' ? [] : [{ eventId: onEvent, role }],
  };
}

// The whole §6 truth table, written out by hand from the specification (1 = true). Columns:
// any event role, event admin, event contributor, show caller | visible to event admins, to event admins
// including team admins, to event non-admins (event scope) | visible to team admins of the event's team (team scope)
const TABLE = `
no    none         0 0 0 0 | 0 0 0 | 0
no    readOnly     1 0 0 0 | 0 0 1 | 0
no    contributor  1 0 1 0 | 0 0 1 | 0
no    admin        1 1 1 0 | 1 1 0 | 0
no    showCaller   1 1 1 1 | 1 1 0 | 0
this  none         0 1 1 0 | 1 1 1 | 1
this  readOnly     1 1 1 0 | 0 1 1 | 1
this  contributor  1 1 1 0 | 0 1 1 | 1
this  admin        1 1 1 0 | 1 1 0 | 1
this  showCaller   1 1 1 1 | 1 1 0 | 1
other none         0 0 0 0 | 0 0 0 | 0
other readOnly     1 0 0 0 | 0 0 1 | 0
other contributor  1 0 1 0 | 0 0 1 | 0
other admin        1 1 1 0 | 1 1 0 | 0
other showCaller   1 1 1 1 | 1 1 0 | 0
`;

const rows = TABLE.trim()
  .split('\n')
  .map((line) => {
    const [teamAdmin, role, ...flags] = line.replaceAll('|', ' ').trim().split(/\s+/);
    return { teamAdmin: teamAdmin as TeamAdmin, role: role as EventRole, expected: flags.map((f) => f === '1') };
  });

function actual(holder: RoleHolder): boolean[] {
  return [
    hasAnyEventRole(holder, event),
    isEventAdmin(holder, event),
    isEventContributor(holder, event),
    isShowCaller(holder, event),
    isVisibleTo(holder, eventAdminsRule(event)),
    isVisibleTo(holder, eventAdminsRule(event, true)),
    isVisibleTo(holder, eventNonAdminsRule(event)),
    isVisibleTo(holder, teamAdminsRule(event.teamId)),
  ];
}

describe('§6 role helpers: team admin × event role × scope', () => {
  it('the table covers every combination once', () => {
    expect(rows).toHaveLength(3 * 5);
    expect(new Set(rows.map((row) => `${row.teamAdmin}/${row.role}`)).size).toBe(15);
    for (const row of rows) expect(row.expected).toHaveLength(8);
  });

  it.each(rows)('team admin: $teamAdmin, event role: $role', ({ teamAdmin, role, expected }) => {
    expect(actual(user(teamAdmin, role))).toEqual(expected);
  });

  it.each(rows)('a $role role on another event counts as none (team admin: $teamAdmin)', ({ teamAdmin, role }) => {
    const noRole = rows.find((row) => row.teamAdmin === teamAdmin && row.role === 'none');
    expect(actual(user(teamAdmin, role, otherEventId))).toEqual(noRole?.expected);
  });

  it('team admin is per team', () => {
    expect(isTeamAdmin(user('this', 'none'), event.teamId)).toBe(true);
    expect(isTeamAdmin(user('other', 'none'), event.teamId)).toBe(false);
    expect(isVisibleTo(user('other', 'none'), teamAdminsRule(otherTeamId))).toBe(true);
  });

  it('a user holding several roles on the event gets the union', () => {
    const both: RoleHolder = {
      teamRoles: [],
      eventRoles: [
        { eventId: event.eventId, role: 'readOnly' },
        { eventId: event.eventId, role: 'showCaller' },
      ],
    };
    expect(actual(both)).toEqual([true, true, true, true, true, true, true, false]);
  });
});
