/**
 * §6 roles and permissions as pure functions. The shapes match the description's TeamRole ({ teamId, roleType })
 * and EventRole ({ eventId, role }) schemas structurally, so API data can be passed straight in.
 */

export type TeamRoleType = 'admin';
export type EventRoleType = 'readOnly' | 'contributor' | 'admin' | 'showCaller';
export const EVENT_ROLE_TYPES: readonly EventRoleType[] = ['readOnly', 'contributor', 'admin', 'showCaller'];

export interface RoleHolder {
  teamRoles: readonly { teamId: string; roleType: TeamRoleType }[];
  eventRoles: readonly { eventId: string; role: EventRoleType }[];
}

/** An event and the team that owns it: team admins of that team hold rights on the event. */
export interface EventRef {
  eventId: string;
  teamId: string;
}

/** The event roles (§6 'admin' and 'showCaller') that make an event admin. */
const EVENT_ADMIN_ROLES: readonly EventRoleType[] = ['admin', 'showCaller'];
/** The event roles that are not admin roles: the audience of 'event non-admins' content. */
const EVENT_NON_ADMIN_ROLES: readonly EventRoleType[] = ['readOnly', 'contributor'];

export function isTeamAdmin(user: RoleHolder, teamId: string): boolean {
  return user.teamRoles.some((role) => role.teamId === teamId && role.roleType === 'admin');
}

function eventRolesOf(user: RoleHolder, eventId: string): EventRoleType[] {
  return user.eventRoles.filter((role) => role.eventId === eventId).map((role) => role.role);
}

/** §6: contributor, readOnly, admin or showCaller on this event. Team adminship is not an event role. */
export function hasAnyEventRole(user: RoleHolder, event: EventRef): boolean {
  return eventRolesOf(user, event.eventId).some((role) => EVENT_ROLE_TYPES.includes(role));
}

/** §6: the admin or showCaller role on the event, or team admin of the event's team. */
export function isEventAdmin(user: RoleHolder, event: EventRef): boolean {
  return (
    eventRolesOf(user, event.eventId).some((role) => EVENT_ADMIN_ROLES.includes(role)) ||
    isTeamAdmin(user, event.teamId)
  );
}

/** §6: the contributor role plus everything an event admin holds. */
export function isEventContributor(user: RoleHolder, event: EventRef): boolean {
  return eventRolesOf(user, event.eventId).includes('contributor') || isEventAdmin(user, event);
}

/** §6: only the showCaller role on that event makes a show caller (team adminship does not). */
export function isShowCaller(user: RoleHolder, event: EventRef): boolean {
  return eventRolesOf(user, event.eventId).includes('showCaller');
}

/** What a piece of content is shown to (§6 visibility helper). */
export type Visibility =
  | { scope: 'team'; teamId: string; roles: readonly TeamRoleType[] }
  | { scope: 'event'; event: EventRef; roles: readonly EventRoleType[]; includeTeamAdmins?: boolean };

/**
 * §6: content is shown to users holding one of the given roles in the scope; a team admin (of the scope's team)
 * without any role on the event always passes. `includeTeamAdmins` lets team admins through even when they hold
 * another event role (a team admin who is readOnly on the event still sees event-admin content).
 */
export function isVisibleTo(user: RoleHolder, rule: Visibility): boolean {
  if (rule.scope === 'team') {
    return user.teamRoles.some((role) => role.teamId === rule.teamId && rule.roles.includes(role.roleType));
  }
  const teamAdmin = isTeamAdmin(user, rule.event.teamId);
  if (teamAdmin && (rule.includeTeamAdmins || !hasAnyEventRole(user, rule.event))) return true;
  return eventRolesOf(user, rule.event.eventId).some((role) => rule.roles.includes(role));
}

/** §6 variant: event admins (admin or showCaller), optionally every team admin of the event's team. */
export const eventAdminsRule = (event: EventRef, includeTeamAdmins = false): Visibility => ({
  scope: 'event',
  event,
  roles: EVENT_ADMIN_ROLES,
  includeTeamAdmins,
});

/** §6 variant: event non-admins (readOnly or contributor). */
export const eventNonAdminsRule = (event: EventRef): Visibility => ({
  scope: 'event',
  event,
  roles: EVENT_NON_ADMIN_ROLES,
});

/** §6 variant: team admins of a given team. */
export const teamAdminsRule = (teamId: string): Visibility => ({ scope: 'team', teamId, roles: ['admin'] });
