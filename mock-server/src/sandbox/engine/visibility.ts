import type { EngineOperationId } from '../effects/types.js';
import type { Answer } from '../sandbox.js';
import { type Call, Problem } from './engine.js';
import type { Store, StoredRecord } from './store.js';

/**
 * What a caller sees of what the rule (`effects/roles.ts`) lets them call, as the operations' descriptions say it: the
 * rule decides whether a call is allowed at all; these decide which records and fields the answer may show.
 */

/** The teams each user belongs to: a team role in it, or an event role in one of its events (`teams.listByUser`). */
function memberships(store: Store): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (userId: unknown, teamId: unknown) => {
    if (typeof userId !== 'string' || typeof teamId !== 'string') return;
    const teams = out.get(userId) ?? new Set<string>();
    teams.add(teamId);
    out.set(userId, teams);
  };
  for (const role of store.all('teamRoles')) add(role.userId, role.teamId);
  for (const role of store.all('eventRoles')) add(role.userId, store.get('events', String(role.eventId))?.teamId);
  return out;
}

const adminOf = (store: Store, userId: string, teamId: unknown) =>
  [...store.all('teamRoles')].some((r) => r.userId === userId && r.roleType === 'admin' && r.teamId === teamId);

/** Whether the caller may see the event at all: a role on it, or team admin of its team. */
function seesEvent(store: Store, caller: StoredRecord, event: StoredRecord): boolean {
  return (
    adminOf(store, caller._id, event.teamId) ||
    [...store.all('eventRoles')].some((r) => r.userId === caller._id && r.eventId === event._id)
  );
}

/**
 * Refusals that depend on the record named, checked once the rule passed: an answer the caller may not have is the
 * `404` (or `403`) the description states for it.
 */
export function checkVisible(call: Call): void {
  const caller = call.request.caller;
  if (!caller || caller.isAdmin === true) return;
  const store = call.store;
  const { path } = call.request;
  switch (call.request.operationId) {
    case 'users.get': {
      // "Users may read themselves and the people who share a team with them … Anyone else … answers 404."
      if (path.userId === caller._id) return;
      const teams = memberships(store);
      const mine = teams.get(caller._id) ?? new Set();
      if (![...(teams.get(path.userId ?? '') ?? [])].some((team) => mine.has(team)))
        throw new Problem(404, `No such user: ${path.userId}.`);
      return;
    }
    case 'events.get': {
      // "A soft-deleted event answers 404 except to team admins."
      const event = store.get('events', path.eventId ?? '');
      if (event?.deleted === true && !adminOf(store, caller._id, event.teamId))
        throw new Problem(404, `No such event: ${path.eventId}.`);
      return;
    }
    case 'events.createRole':
    case 'events.updateOwner': {
      // "a user outside the team answers 422" (a pending user, invited and not signed up yet, is taken: the sandbox
      // does not record which team invited them).
      const event = store.get('events', path.eventId ?? '');
      const user = store.get('users', String(call.body.userId));
      if (!event || !user || user.pending === true) return;
      if (!memberships(store).get(user._id)?.has(String(event.teamId)))
        throw new Problem(422, "The user is not a member of the event's team.");
      return;
    }
    case 'teams.createDailyActiveUsersReport': {
      // "A report without a team is for internal product administrators."
      const teamId = call.body.teamId ?? call.request.query.get('teamId');
      if (typeof teamId !== 'string') throw new Problem(403, 'A report without a team is for product administrators.');
      return;
    }
  }
}

type Seen = (record: StoredRecord) => boolean;

/** Lists that show only what the caller belongs to, whatever the query asks (product administrators see all). */
const LISTED: Partial<Record<EngineOperationId, (call: Call, caller: StoredRecord) => Seen>> = {
  // "among the people who share a team with the caller"
  'users.autocomplete': (call, caller) => {
    const teams = memberships(call.store);
    const mine = teams.get(caller._id) ?? new Set();
    return (user) => user._id === caller._id || [...(teams.get(user._id) ?? [])].some((team) => mine.has(team));
  },
  // "other users only their own teams"
  'teams.autocomplete': (call, caller) => {
    const mine = memberships(call.store).get(caller._id) ?? new Set();
    return (team) => mine.has(team._id);
  },
  // "ids the caller may not see … are left out"
  'teams.listByIds': (call, caller) => {
    const mine = memberships(call.store).get(caller._id) ?? new Set();
    return (team) => mine.has(team._id);
  },
  // "among the events the caller may see"
  'events.autocomplete': (call, caller) => (event) => seesEvent(call.store, caller, event),
  // "of every event the caller holds a role on (team admins: every event of their teams)"
  'eventDocs.list': (call, caller) => (doc) => {
    const event = call.store.get('events', String(doc.eventId));
    return event !== undefined && seesEvent(call.store, caller, event);
  },
  // "of every team the caller is an admin of"
  'billing.listInvoices': (call, caller) => (invoice) => adminOf(call.store, caller._id, invoice.teamId),
};

/** The filter a list applies to the records of its own kind, if the operation has one for this caller. */
export function listedFor(call: Call): Seen | undefined {
  const caller = call.request.caller;
  if (!caller || caller.isAdmin === true) return undefined;
  return LISTED[call.request.operationId]?.(call, caller);
}

/** The billing fields of a team: "filled for team admins and product administrators only" (Team, `teams.get`). */
const BILLING_FIELDS = ['card', 'invoices', 'subscriptions', 'subscriptionSchedules'];

/**
 * Takes out of every team an answer shows the fields the caller may not see: billing unless they are the team's admin,
 * the HubSpot deal id unless they are a product administrator ("product administrators only").
 */
export function redactTeams(call: Call, answer: Answer): Answer {
  const caller = call.request.caller;
  if (call.effect.kind !== 'teams' || caller?.isAdmin === true || answer.status >= 300) return answer;
  const store = call.store;
  const redact = (value: unknown, depth: number): void => {
    if (Array.isArray(value)) {
      for (const item of value) redact(item, depth);
      return;
    }
    if (typeof value !== 'object' || value === null || depth > 2) return;
    const record = value as Record<string, unknown>;
    if (typeof record._id === 'string' && store.get('teams', record._id)) {
      if (!caller || !adminOf(store, caller._id, record._id)) for (const field of BILLING_FIELDS) delete record[field];
      delete record.hubspotDealId;
      return;
    }
    for (const field of Object.values(record)) if (Array.isArray(field)) redact(field, depth + 1);
  };
  redact(answer.body, 0);
  return answer;
}
