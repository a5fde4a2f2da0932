import type { Rule } from '../effects/roles.js';
import type { Call } from './engine.js';
import { isObject } from './schema.js';
import type { StoredRecord } from './store.js';

const ADMIN_ROLES = ['admin', 'showCaller'];
const CONTRIBUTOR_ROLES = ['contributor', ...ADMIN_ROLES];

/**
 * The event and team a call acts in: named by its path, or by the record it targets (a document names its event), or
 * by its query (`eventId`, `teamId`).
 */
function scopeOf(call: Call): { eventId?: string; teamId?: string } {
  const { path, query } = call.request;
  const store = call.store;
  // The cue calls name their event in the body (`eventId`, `cue.eventId`), the clock call through the user's cue.
  const cue = isObject(call.body.cue)
    ? call.body.cue
    : isObject(call.request.caller?.cue)
      ? call.request.caller.cue
      : {};
  const named = [path.eventId, query.get('eventId'), call.body.eventId, cue.eventId].find((v) => typeof v === 'string');
  let eventId = named as string | undefined;
  if (!eventId) {
    const id = call.locate(call.effect.target);
    const target = id ? store.get(call.effect.kind, id) : undefined;
    if (typeof target?.eventId === 'string') eventId = target.eventId;
    if (!eventId && path.showId) eventId = store.get('shows', path.showId)?.eventId as string | undefined;
  }
  const event = eventId ? store.get('events', eventId) : undefined;
  const teamId =
    path.teamId ??
    (event?.teamId as string | undefined) ??
    query.get('teamId') ??
    (call.body.teamId as string | undefined);
  return { ...(eventId ? { eventId } : {}), ...(teamId ? { teamId } : {}) };
}

/**
 * A guest pass opens the show it belongs to (the `guestPass` of the show the path names), or, for the event-level guest
 * views, the event one of whose shows it belongs to, or, for the team's guest view, the team of that event.
 */
export function guestAllowed(call: Call): boolean {
  const pass = call.request.query.get('guestPass');
  if (!pass) return false;
  const { showId, eventId, teamId } = call.request.path;
  if (showId) return call.store.get('shows', showId)?.guestPass === pass;
  const opens = (show: StoredRecord) =>
    eventId !== undefined
      ? show.eventId === eventId
      : call.store.get('events', String(show.eventId))?.teamId === teamId;
  return [...call.store.all('shows')].some((s) => opens(s) && s.guestPass === pass && s.deleted !== true);
}

/** Whether the caller passes the operation's rule (the caller is known; `public` and `guest` never get here). */
export function allowed(call: Call, rule: Rule, caller: StoredRecord): boolean {
  // Binds product administrators too: the product must not lose its last administrator by one's own click.
  if (rule === 'notSelf') return call.request.path.userId !== caller._id;
  if (caller.isAdmin === true) return true;
  const store = call.store;
  const { eventId, teamId } = scopeOf(call);
  const teamRoles = [...store.all('teamRoles')].filter((r) => r.userId === caller._id);
  const eventRoles = [...store.all('eventRoles')].filter((r) => r.userId === caller._id);
  const adminOf = (team: string | undefined) =>
    teamRoles.some((r) => r.roleType === 'admin' && (team === undefined || r.teamId === team));
  const roleOn = (roles: string[] | undefined) =>
    eventId === undefined
      ? true
      : adminOf(store.get('events', eventId)?.teamId as string | undefined) ||
        eventRoles.some((r) => r.eventId === eventId && (!roles || roles.includes(String(r.role))));
  switch (rule) {
    case 'public':
    case 'guest':
    case 'signedIn':
      return true;
    case 'self':
      return call.request.path.userId === undefined || call.request.path.userId === caller._id;
    case 'teamMember':
    case 'teamGuest':
      return (
        teamRoles.some((r) => teamId === undefined || r.teamId === teamId) ||
        eventRoles.some((r) => teamId === undefined || store.get('events', String(r.eventId))?.teamId === teamId)
      );
    case 'teamAdmin':
      return adminOf(teamId);
    case 'teamOrEventAdmin':
      return (
        adminOf(teamId) ||
        eventRoles.some(
          (r) =>
            ADMIN_ROLES.includes(String(r.role)) &&
            (teamId === undefined || store.get('events', String(r.eventId))?.teamId === teamId),
        )
      );
    case 'eventRole':
      return roleOn(undefined);
    case 'eventContributor':
      return roleOn(CONTRIBUTOR_ROLES);
    case 'eventAdmin':
      return roleOn(ADMIN_ROLES);
    case 'showCaller':
      // A show caller's call always acts on one event: without one named, only a team admin passes.
      return eventId === undefined ? adminOf(teamId) : roleOn(ADMIN_ROLES);
    case 'owner':
      return (
        eventId !== undefined &&
        (store.get('events', eventId)?.owner === caller._id ||
          adminOf(store.get('events', eventId)?.teamId as string | undefined))
      );
    case 'showCallerRole':
      return eventRoles.some((r) => eventId !== undefined && r.eventId === eventId && r.role === 'showCaller');
    case 'targetEventContributor': {
      const target = call.request.path.targetEventId;
      if (target === undefined) return false;
      return (
        adminOf(store.get('events', target)?.teamId as string | undefined) ||
        eventRoles.some((r) => r.eventId === target && CONTRIBUTOR_ROLES.includes(String(r.role)))
      );
    }
    case 'productAdmin':
      return false;
  }
}

/**
 * "A private show is visible to event admins only" (the shows' descriptions): event admins, show callers, team admins
 * and product administrators. Everyone else gets 403 on a call whose path names it, and lists leave it out.
 */
export function seesPrivateShows(call: Call, caller: StoredRecord | undefined, eventId: string | undefined): boolean {
  if (!caller) return false;
  if (caller.isAdmin === true) return true;
  const teamId = eventId ? call.store.get('events', eventId)?.teamId : undefined;
  return (
    [...call.store.all('teamRoles')].some(
      (r) => r.userId === caller._id && r.roleType === 'admin' && r.teamId === teamId,
    ) ||
    [...call.store.all('eventRoles')].some(
      (r) => r.userId === caller._id && r.eventId === eventId && ADMIN_ROLES.includes(String(r.role)),
    )
  );
}
