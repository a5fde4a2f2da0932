import type { Kind } from '../effects/types.js';
import type { Answer } from '../sandbox.js';
import { type Call, Problem } from './engine.js';
import { present } from './present.js';
import { isObject, newId } from './schema.js';
import type { StoredRecord } from './store.js';
import type { ViewKey } from './view-names.js';

type View = (call: Call, arg: string) => Answer | Promise<Answer>;

const all = (call: Call, kind: Kind) => [...call.store.all(kind)];
const teamOf = (call: Call) => call.target('teams', call.request.path.teamId ?? '');
const day = (iso: unknown) => String(iso).slice(0, 10);
const team = (call: Call, id: unknown) => call.store.get('teams', String(id));

/** Audits in the path's scope (team, event, show, method), in the `from`/`to` range, newest first. */
function audits(call: Call, match: (audit: StoredRecord) => boolean = () => true): StoredRecord[] {
  const path = call.request.path;
  return call
    .list('audits')
    .filter(
      (a) =>
        (path.teamId === undefined || a.teamId === path.teamId) &&
        (path.eventId === undefined || a.eventId === path.eventId) &&
        (path.showId === undefined || a.showId === path.showId) &&
        (path.methodName === undefined || String(a.methodName).endsWith(path.methodName)) &&
        match(a),
    );
}

function perDay(call: Call, field: 'teamId' | 'userId') {
  const groups = new Map<string, { id: string; date: string; count: number; users: Set<unknown> }>();
  for (const audit of audits(call)) {
    const id = audit[field];
    if (typeof id !== 'string') continue;
    const date = day(audit.createdOn);
    const key = `${id}|${date}`;
    const group = groups.get(key) ?? { id, date, count: 0, users: new Set() };
    group.count++;
    group.users.add(audit.userId);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Billing: one card and one customer per team; subscriptions and schedules with §4's create/update/cancel. */
const billing = {
  card: (call) => {
    const teamId = teamOf(call)._id;
    for (const old of all(call, 'cards').filter((c) => c.teamId === teamId)) call.store.remove('cards', old._id);
    const number = String(call.body.number ?? '');
    const brand = number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'unknown';
    // The number, code and ZIP go to the provider in the real service; the sandbox keeps only what a card shows.
    return call.respond(
      call.create(
        { name: call.body.name, expiration: call.body.expiration, zip: call.body.zip },
        { brand, last4: number.slice(-4) },
      ),
    );
  },
  teamCard: (call) => {
    const card = all(call, 'cards').find((c) => c.teamId === teamOf(call)._id);
    if (!card) throw new Problem(404, 'The team has no card.');
    return call.respond(present(call.store, 'cards', card));
  },
  cardInUse: (call) => {
    const card = call.target();
    const live = all(call, 'subscriptions').some((s) => s.teamId === card.teamId && s.status !== 'canceled');
    if (live) throw new Problem(409, 'A subscription that is not canceled needs the card.');
    call.remove('cards', card);
    return call.respond({ ok: true, message: 'The card was removed.' });
  },
  onePerTeam: (call) => {
    const t = teamOf(call);
    if (all(call, 'customers').some((c) => c.teamId === t._id))
      throw new Problem(409, 'The team has a customer already.');
    return call.respond(
      call.create({ name: t.title, email: t.email }, { stripeCustomerId: `cus_${newId().slice(0, 14)}` }),
    );
  },
  teamCustomer: (call) => {
    const customer = all(call, 'customers').find((c) => c.teamId === teamOf(call)._id);
    if (!customer) throw new Problem(404, 'The team has no billing customer.');
    return call.respond(present(call.store, 'customers', call.update(call.body, customer)));
  },
  subscription: (call) => {
    const teamId = teamOf(call)._id;
    if (!all(call, 'cards').some((c) => c.teamId === teamId)) throw new Problem(409, 'The team has no card.');
    if (all(call, 'subscriptions').some((s) => s.teamId === teamId && s.status !== 'canceled'))
      throw new Problem(409, 'The team has a subscription already.');
    const start = call.engine.clock();
    return call.respond(
      call.create(call.body, {
        stripeSubscriptionId: `sub_${newId().slice(0, 14)}`,
        currentPeriodStart: new Date(start).toISOString(),
        currentPeriodEnd: new Date(start + 30 * 86_400_000).toISOString(),
      }),
    );
  },
  notCanceled: (call) => {
    const subscription = call.target();
    if (subscription.status === 'canceled') throw new Problem(409, 'The subscription is canceled.');
    return call.respond(present(call.store, 'subscriptions', call.update(call.body, subscription)));
  },
  cancelSubscription: (call) => {
    const subscription = call.target();
    if (subscription.status === 'canceled') throw new Problem(409, 'The subscription is canceled already.');
    const atEnd = call.body.atPeriodEnd === true;
    const next = atEnd ? { cancelAtPeriodEnd: true } : { status: 'canceled', canceledOn: call.now };
    return call.respond(present(call.store, 'subscriptions', call.transition(next, subscription)));
  },
  upcomingInvoice: (call) => {
    const subscription = call.target('subscriptions', call.request.path.subscriptionId);
    if (subscription.status === 'canceled') throw new Problem(409, 'The subscription is canceled.');
    const price = all(call, 'catalogue').find(
      (p) => isObject(p.value) && p.value.stripePriceId === (call.body.stripePriceId ?? subscription.stripePriceId),
    );
    const unit = isObject(price?.value) ? Number(price.value.unitAmount ?? 0) : 0;
    const quantity = Number(call.body.quantity ?? subscription.quantity ?? 1);
    const total = unit * quantity;
    return call.respond({
      status: 'draft',
      currency: isObject(price?.value) ? price.value.currency : 'usd',
      subtotal: total,
      total,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      lines: [{ description: `${quantity} × ${String(subscription.stripePriceId)}`, quantity, amount: total }],
    });
  },
  scheduleOpen: (call) => {
    const schedule = call.target();
    if (['completed', 'released', 'canceled'].includes(String(schedule.status)))
      throw new Problem(409, `The schedule is ${String(schedule.status)}.`);
    return call.respond(present(call.store, 'subscriptionSchedules', call.update(call.body, schedule)));
  },
  cancelSchedule: (call) => {
    const schedule = call.target();
    if (['completed', 'released', 'canceled'].includes(String(schedule.status)))
      throw new Problem(409, `The schedule is ${String(schedule.status)}.`);
    const driven = schedule.subscriptionId
      ? call.store.get('subscriptions', String(schedule.subscriptionId))
      : undefined;
    if (driven && driven.status !== 'canceled')
      call.store.put('subscriptions', { ...driven, status: 'canceled', canceledOn: call.now });
    return call.respond(
      present(call.store, 'subscriptionSchedules', call.transition({ status: 'canceled' }, schedule)),
    );
  },
} satisfies Partial<Record<ViewKey, View>>;

const teams = {
  private: (call) => {
    const t = call.target();
    if (call.effect.action === 'update') {
      const next = call.update(call.body, t);
      return call.respond({ teamId: t._id, hubspotDealId: next.hubspotDealId ?? null, notes: next.notes ?? '' });
    }
    return call.respond({ teamId: t._id, hubspotDealId: t.hubspotDealId ?? null, notes: t.notes ?? '' });
  },
  templateContainer: (call) => {
    const t = call.target();
    const templateShowIds = all(call, 'shows')
      .filter((s) => s.teamId === t._id && s.template === true)
      .map((s) => s._id);
    return call.respond({ _id: t.templateContainerId ?? t._id, teamId: t._id, templateShowIds });
  },
  globalElementManager: (call) => {
    const t = call.target();
    const ids = all(call, 'globalElementContainers')
      .filter((c) => c.teamId === t._id)
      .map((c) => c._id);
    return call.respond({ _id: t._id, teamId: t._id, globalElementContainerIds: ids });
  },
  removePlan: (call) => {
    const t = call.target();
    if (!t.paymentPlan) throw new Problem(409, 'The team has no payment plan.');
    const { paymentPlan: _, ...rest } = t;
    return call.respond(present(call.store, 'teams', call.write('teams', rest as StoredRecord, t)));
  },
  keepLastAdmin: (call) => {
    const role = call.target();
    const admins = all(call, 'teamRoles').filter((r) => r.teamId === role.teamId && r.roleType === 'admin');
    if (role.roleType === 'admin' && admins.length <= 1) throw new Problem(409, 'A team keeps at least one admin.');
    call.remove('teamRoles', role);
    return call.respond(undefined);
  },
  /** The role is the invitation (issue 31): it belongs to the team; a person not signed up also gets a sign-up link. */
  invitedAdmin: (call) => {
    const user = call.target('users', call.request.path.userId);
    const teamId = String(call.request.path.teamId);
    if (user.pending === true)
      call.engine.signIn?.inviteToTeam(String(user.email), teamId, typeof user.url === 'string' ? user.url : undefined);
    const existing = all(call, 'teamRoles').find((r) => r.teamId === teamId && r.userId === user._id);
    if (existing) return call.respond(present(call.store, 'teamRoles', call.update({ roleType: 'admin' }, existing)));
    return call.respond(call.create({ userId: user._id, roleType: 'admin' }), 200);
  },
  /** `events.resendInvite`: a fresh link for a person invited onto the event (a role on it or its team) not yet signed up. */
  eventInvite: (call) => {
    const user = call.target('users', call.request.path.userId);
    const event = call.target('events', call.request.path.eventId);
    const teamId = String(event.teamId);
    const holds =
      all(call, 'eventRoles').some((r) => r.eventId === event._id && r.userId === user._id) ||
      all(call, 'teamRoles').some((r) => r.teamId === teamId && r.userId === user._id);
    if (!holds) throw new Problem(404, 'The user holds no role on the event.');
    if (user.pending !== true) throw new Problem(409, 'The user has already signed up.');
    call.engine.signIn?.inviteToTeam(String(user.email), teamId, typeof user.url === 'string' ? user.url : undefined);
    return call.respond({ ok: true, message: 'The invitation was sent again.' });
  },
  userTeamRole: (call) => {
    const role = all(call, 'teamRoles').find(
      (r) => r.teamId === call.request.path.teamId && r.userId === call.request.path.userId,
    );
    if (!role) throw new Problem(404, 'The user holds no role on the team.');
    const admins = all(call, 'teamRoles').filter((r) => r.teamId === role.teamId && r.roleType === 'admin');
    if (role.roleType === 'admin' && admins.length <= 1) throw new Problem(409, 'A team keeps at least one admin.');
    call.remove('teamRoles', role);
    // A pending person's role is their invitation: taking it back ends the links sent for this team.
    const user = call.store.get('users', String(role.userId));
    if (user?.pending === true) call.engine.signIn?.revokeInvitations(String(user.email), String(role.teamId));
    return call.respond({ ok: true, message: 'The role was removed.' });
  },
  activeUsers: (call) => {
    const days = Number(call.request.query.get('days') ?? 30);
    const since = new Date(call.engine.clock() - days * 86_400_000).toISOString();
    const last = new Map<string, string>();
    for (const a of audits(call, (a) => String(a.createdOn) >= since))
      if (!last.has(String(a.userId))) last.set(String(a.userId), String(a.createdOn));
    return call.respond(
      [...last].flatMap(([userId, lastActiveOn]) => {
        const user = call.store.get('users', userId);
        return user
          ? [{ userId, firstName: user.firstName, lastName: user.lastName, email: user.email, lastActiveOn }]
          : [];
      }),
    );
  },
  activeUsersCsv: (call) =>
    call.respond(
      perDay(call, 'teamId').map((g) => ({
        teamId: g.id,
        teamTitle: team(call, g.id)?.title ?? '',
        date: g.date,
        activeUsers: g.users.size,
      })),
    ),
  proofsCsv: (call) =>
    call.respond(
      all(call, 'rows')
        .filter((r) => r.showId === call.request.path.showId && isObject(r.proof))
        .map((r) => ({ rowId: r._id, title: r.title, ...(r.proof as Record<string, unknown>) })),
    ),
  dailyActiveUsers: (call) => {
    const from = String(call.body.from);
    const to = String(call.body.to);
    const teamId = typeof call.body.teamId === 'string' ? call.body.teamId : null;
    const rows = perDay(call, 'teamId')
      .filter((g) => (!teamId || g.id === teamId) && g.date >= day(from) && g.date <= day(to))
      .map((g) => ({ date: g.date, activeUserCount: g.users.size }));
    return call.respond({ teamId, from, to, rows }, 201);
  },
} satisfies Partial<Record<ViewKey, View>>;

const people = {
  validate: (call) => {
    const email = call.body.email;
    if (email && all(call, 'users').some((u) => String(u.email).toLowerCase() === String(email).toLowerCase()))
      throw new Problem(409, 'That address belongs to an account.');
    return call.respond({ ok: true, message: 'Valid.' });
  },
  resendVerify: (call) => {
    const user = call.target();
    if (user.isVerified === true) throw new Problem(409, 'The address is verified already.');
    return call.respond({ ok: true, message: 'A verification mail is on its way.' });
  },
  teamAdminsCsv: (call) => {
    const admins = all(call, 'teamRoles').filter((r) => r.roleType === 'admin');
    return call.respond(
      admins.flatMap((r) => {
        const user = call.store.get('users', String(r.userId));
        return user
          ? [
              {
                teamId: r.teamId,
                teamTitle: team(call, r.teamId)?.title ?? '',
                email: user.email,
                firstName: user.firstName,
                lastName: user.lastName,
              },
            ]
          : [];
      }),
    );
  },
  productAdmins: (call) => call.respond(call.list().map((u) => present(call.store, 'users', u))),
  leadFromTeam: (call) => {
    const t = teamOf(call);
    if (all(call, 'leads').some((l) => l.teamId === t._id)) throw new Problem(409, 'The team has a lead already.');
    const admin = all(call, 'teamRoles').find((r) => r.teamId === t._id && r.roleType === 'admin');
    const user = admin ? call.store.get('users', String(admin.userId)) : undefined;
    return call.respond(
      call.create(
        {},
        {
          teamId: t._id,
          source: 'team',
          company: t.title,
          email: user?.email ?? t.email,
          firstName: user?.firstName,
          lastName: user?.lastName,
          tags: [],
        },
      ),
    );
  },
  /** Tags are texts on the lead and records of their own: a new text makes a tag. */
  leadTags: (call) => {
    const texts = (Array.isArray(call.body.tags) ? call.body.tags : []).map(String);
    for (const text of texts) {
      if (!all(call, 'tags').some((t) => t.text === text))
        call.store.put('tags', { _id: newId(), text, createdOn: call.now });
    }
    return call.respond(present(call.store, 'leads', call.update({ tags: texts })));
  },
  untag: (call) => {
    const tag = call.target();
    call.remove('tags', tag);
    for (const lead of all(call, 'leads')) {
      const tags = Array.isArray(lead.tags) ? lead.tags : [];
      if (tags.includes(tag.text)) call.store.put('leads', { ...lead, tags: tags.filter((t) => t !== tag.text) });
    }
    return call.respond({ ok: true, message: 'The tag was deleted.' });
  },
  tagCounts: (call) =>
    call.respondList(
      call.list().map((t) => ({
        ...t,
        leadCount: all(call, 'leads').filter((l) => Array.isArray(l.tags) && l.tags.includes(t.text)).length,
      })),
    ),
  pathPage: (call) => call.respondList(call.list()),
  byPath: (call, param) =>
    call.respondList(call.list().filter((r) => isObject(r.value) && r.value.type === call.request.path[param])),
  containers: (call) => {
    const show = call.target('shows', call.request.path.showId);
    for (const old of all(call, 'globalElementContainers').filter((c) => c.showId === show._id))
      call.store.remove('globalElementContainers', old._id);
    const containers = (Array.isArray(call.body.containers) ? call.body.containers : []).filter(isObject).map((c) => {
      const record = {
        rowIds: [],
        ...c,
        _id: typeof c._id === 'string' ? c._id : newId(),
        showId: show._id,
        teamId: show.teamId,
      };
      call.write('globalElementContainers', record);
      return record;
    });
    return call.respond(containers);
  },
} satisfies Partial<Record<ViewKey, View>>;

const reports = {
  deletedRows: (call) => call.respondList(audits(call, (a) => /\.deleteRows?$/.test(String(a.methodName)))),
  deletedColumns: (call) => call.respondList(audits(call, (a) => a.methodName === 'columns.delete')),
  cellChanges: (call) => {
    const q = call.request.query;
    return call.respondList(
      audits(call, (a) => /Cells?$/.test(String(a.methodName)) && (!q.get('rowId') || a.rowId === q.get('rowId'))),
    );
  },
  fieldChanges: (call) => {
    const q = call.request.query;
    return call.respondList(
      audits(
        call,
        (a) =>
          a.kind === 'rows' && !/Cells?$/.test(String(a.methodName)) && (!q.get('rowId') || a.rowId === q.get('rowId')),
      ),
    );
  },
  audits: (call) => call.respondList(audits(call)),
  activityRows: (call) => {
    const byDay = new Map<string, { count: number; users: Set<unknown> }>();
    for (const a of audits(call)) {
      const entry = byDay.get(day(a.createdOn)) ?? { count: 0, users: new Set() };
      entry.count++;
      entry.users.add(a.userId);
      byDay.set(day(a.createdOn), entry);
    }
    return call.respond(
      [...byDay].map(([date, e]) => ({ date, activityCount: e.count, activeUserCount: e.users.size })),
    );
  },
  usersBy: (call, field) => {
    const groups = new Map<string, Set<unknown>>();
    for (const a of audits(call)) {
      const id = a[field];
      if (typeof id === 'string') groups.set(id, (groups.get(id) ?? new Set()).add(a.userId));
    }
    return call.respond([...groups].map(([id, users]) => groupRow(call, field, id, users.size)));
  },
  activityCountBy: (call, field) => {
    const groups = new Map<string, number>();
    for (const a of audits(call)) {
      const id = a[field];
      if (typeof id === 'string') groups.set(id, (groups.get(id) ?? 0) + 1);
    }
    return call.respond([...groups].map(([id, count]) => groupRow(call, field, id, count)));
  },
  trialEvents: (call) =>
    call.respond(
      all(call, 'events')
        .filter((e) => e.isTrialEvent === true)
        .map((e) => {
          const mine = audits(call, (a) => a.eventId === e._id);
          return {
            eventId: e._id,
            eventTitle: e.title,
            teamId: e.teamId,
            createdOn: e.createdOn,
            activityCount: mine.length,
            activeUserCount: new Set(mine.map((a) => a.userId)).size,
            lastActivityOn: mine[0]?.createdOn ?? null,
          };
        }),
    ),
  groupBy: (call, field) =>
    call.respond(
      perDay(call, field as 'teamId' | 'userId').map((g) => {
        if (field === 'teamId')
          return {
            teamId: g.id,
            teamTitle: String(team(call, g.id)?.title ?? ''),
            date: g.date,
            activityCount: g.count,
            activeUserCount: g.users.size,
          };
        const user = call.store.get('users', g.id);
        return {
          userId: g.id,
          firstName: user?.firstName,
          lastName: user?.lastName,
          email: user?.email ?? 'nobody@example.com',
          date: g.date,
          activityCount: g.count,
        };
      }),
    ),
} satisfies Partial<Record<ViewKey, View>>;

function groupRow(call: Call, field: string, id: string, count: number) {
  if (field === 'teamId') return { teamId: id, teamTitle: String(team(call, id)?.title ?? ''), count };
  const event = call.store.get('events', id);
  return {
    eventId: id,
    eventTitle: String(event?.title ?? ''),
    teamId: event?.teamId,
    teamTitle: String(team(call, event?.teamId)?.title ?? ''),
    count,
  };
}

export const moreViews = { ...billing, ...teams, ...people, ...reports };
