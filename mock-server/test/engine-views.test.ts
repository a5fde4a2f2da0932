import { describe, expect, it } from 'vitest';
import type { EngineOperationId } from '../src/sandbox/effects/types.js';
import type { Engine } from '../src/sandbox/engine/engine.js';
import { SEEDED } from '../src/sandbox/engine/seed-state.js';
import { loadSchemas, startEngine } from '../src/sandbox/engine/start.js';
import { seedAccounts } from '../src/sandbox/seed.js';

// Issue 31, §6 past the yes/no of the rule table: what each operation's description says a caller may see or do on
// top of its rule (which records a list shows, which fields a team shows, whose cue a show caller sets). In process,
// on the seeded team; each case fails without its line in engine/visibility.ts or engine/access.ts.
const schemas = loadSchemas();
const TEAM = '65a1f0c2e4b0a1b2c3d4e5f7';
const idOf = (email: string) => seedAccounts.find((a) => a.email === email)?._id ?? '';
const ADA = 'ada@example.com'; // the seeded team's admin and the event's owner
const GRACE = 'grace@example.com'; // signed up, in no team
const ROOT = 'root@example.com';

type Call = (
  operationId: EngineOperationId,
  path?: Record<string, string>,
  query?: Record<string, string>,
  body?: Record<string, unknown>,
) => Promise<{ status: number; body: unknown }>;

function world(): { engine: Engine; as: (email: string) => Call } {
  const engine = startEngine({ schemas });
  const as =
    (email: string): Call =>
    (operationId, path = {}, query = {}, body = {}) => {
      const caller = engine.store.get('users', idOf(email));
      return engine.answer({
        operationId,
        path,
        query: new URLSearchParams(query),
        body,
        ...(caller ? { caller } : {}),
      });
    };
  return { engine, as };
}

const ids = (body: unknown) => (Array.isArray(body) ? body.map((r: { _id: string }) => r._id) : []);

describe('billing fields of a team', () => {
  it('are filled for its admins and product administrators, and left out for its other members', async () => {
    const { as } = world();
    const card = { number: '4242424242424242', name: 'Ada Lovelace', expiration: '08/29', cvc: '123', zip: '10001' };
    expect((await as(ADA)('billing.createCard', { teamId: TEAM }, {}, card)).status).toBe(201);
    const seen = async (email: string) => {
      const team = (await as(email)('teams.get', { teamId: TEAM })).body as Record<string, unknown>;
      return ['card', 'invoices', 'subscriptions', 'subscriptionSchedules'].filter((field) => field in team);
    };
    expect(await seen(ADA)).toEqual(['card', 'invoices', 'subscriptions', 'subscriptionSchedules']);
    expect(await seen(ROOT)).toEqual(['card', 'invoices', 'subscriptions', 'subscriptionSchedules']);
    expect(await seen('readonly@example.com')).toEqual([]);
    expect(await seen('event.admin@example.com')).toEqual([]);
    const adas = (await as(ADA)('teams.get', { teamId: TEAM })).body as { card?: { last4?: string } };
    expect(adas.card?.last4).toBe('4242');
  });

  it('include the HubSpot deal id for product administrators only', async () => {
    const { as } = world();
    expect((await as(ROOT)('teams.updatePrivate', { teamId: TEAM }, {}, { hubspotDealId: '18293746501' })).status).toBe(
      200,
    );
    const deal = async (email: string) =>
      ((await as(email)('teams.get', { teamId: TEAM })).body as { hubspotDealId?: string }).hubspotDealId;
    expect(await deal(ROOT)).toBe('18293746501');
    expect(await deal(ADA)).toBeUndefined();
  });
});

describe('people', () => {
  it('users.get: themselves and people who share a team; anyone else is 404 (product administrators: anyone)', async () => {
    const { as } = world();
    const read = async (email: string, whom: string) => (await as(email)('users.get', { userId: idOf(whom) })).status;
    expect(await read('readonly@example.com', 'contributor@example.com')).toBe(200);
    expect(await read('readonly@example.com', ADA)).toBe(200);
    expect(await read('readonly@example.com', GRACE)).toBe(404);
    expect(await read(GRACE, 'readonly@example.com')).toBe(404);
    expect(await read(GRACE, GRACE)).toBe(200);
    expect(await read(ROOT, GRACE)).toBe(200);
  });

  it('users.autocomplete suggests only people who share a team with the caller', async () => {
    const { as } = world();
    const found = async (email: string, term: string) =>
      ((await as(email)('users.autocomplete', {}, { term })).body as { email: string }[]).map((u) => u.email);
    expect(await found('readonly@example.com', 'gra')).toEqual([]);
    expect(await found('readonly@example.com', 'contrib')).toEqual(['contributor@example.com']);
    expect(await found(GRACE, 'contrib')).toEqual([]);
  });
});

describe('lists that show only what the caller belongs to', () => {
  it('teams.autocomplete and teams.listByIds leave out teams the caller is not in', async () => {
    const { as } = world();
    const teams = async (email: string) => ids((await as(email)('teams.autocomplete', {}, { term: 'Ada' })).body);
    expect(await teams(ADA)).toEqual([TEAM]);
    expect(await teams('readonly@example.com')).toEqual([TEAM]);
    expect(await teams(GRACE)).toEqual([]);
    const byIds = async (email: string) => ids((await as(email)('teams.listByIds', {}, { teamIds: TEAM })).body);
    expect(await byIds('contributor@example.com')).toEqual([TEAM]);
    expect(await byIds(GRACE)).toEqual([]);
    expect(await byIds(ROOT)).toEqual([TEAM]);
  });

  it('events.autocomplete and eventDocs.list (without eventId) show only events the caller holds a role on', async () => {
    const { as } = world();
    const events = async (email: string) => ids((await as(email)('events.autocomplete', {}, { term: 'Autumn' })).body);
    expect(await events('readonly@example.com')).toEqual([SEEDED.eventId]);
    expect(await events(GRACE)).toEqual([]);
    const docs = async (email: string) => ids((await as(email)('eventDocs.list')).body).length;
    expect(await docs('readonly@example.com')).toBeGreaterThan(0);
    expect(await docs(GRACE)).toBe(0);
  });

  it("billing.listInvoices without teamId shows the invoices of the caller's own teams only", async () => {
    const { engine, as } = world();
    // Grace runs a team of her own, and Ada's team has an invoice.
    engine.store.put('teams', { _id: '65a1f0c2e4b0a1b2c3d4e9a0', title: "Grace's Team", deleted: false });
    engine.store.put('teamRoles', {
      _id: '65a1f0c2e4b0a1b2c3d4e9a1',
      teamId: '65a1f0c2e4b0a1b2c3d4e9a0',
      userId: idOf(GRACE),
      roleType: 'admin',
    });
    engine.store.put('invoices', { _id: '65a1f0c2e4b0a1b2c3d4e9a2', teamId: TEAM, status: 'draft', amountDue: 1200 });
    const listed = async (email: string) => ((await as(email)('billing.listInvoices')).body as unknown[]).length;
    expect(await listed(ADA)).toBe(1);
    expect(await listed(GRACE)).toBe(0);
  });
});

describe('rules the descriptions state beyond the role', () => {
  it("teams.getGuest: a guest pass for one of the team's shows instead of a token, or a signed-in member", async () => {
    const { engine, as } = world();
    const guest = (guestPass: string) =>
      engine
        .answer({
          operationId: 'teams.getGuest',
          path: { teamId: TEAM },
          query: new URLSearchParams({ guestPass }),
          body: {},
        })
        .then((a) => a.status);
    expect(await guest(SEEDED.guestPass)).toBe(200);
    expect(await guest('gp_NotThisTeamsPass00000')).toBe(403);
    expect((await as('readonly@example.com')('teams.getGuest', { teamId: TEAM })).status).toBe(200);
    expect((await as(GRACE)('teams.getGuest', { teamId: TEAM })).status).toBe(403);
  });

  it('events.get: a soft-deleted event is 404 except to team admins', async () => {
    const { as } = world();
    expect((await as(ADA)('events.delete', { eventId: SEEDED.eventId })).status).toBe(200);
    expect((await as('event.admin@example.com')('events.get', { eventId: SEEDED.eventId })).status).toBe(404);
    const adas = await as(ADA)('events.get', { eventId: SEEDED.eventId });
    expect([adas.status, (adas.body as { deleted?: boolean }).deleted]).toEqual([200, true]);
  });

  it('events.updateOwner: the current owner and team admins, not another event admin', async () => {
    const { as } = world();
    const body = { userId: idOf('contributor@example.com') };
    expect(
      (await as('event.admin@example.com')('events.updateOwner', { eventId: SEEDED.eventId }, {}, body)).status,
    ).toBe(403);
    expect((await as(ADA)('events.updateOwner', { eventId: SEEDED.eventId }, {}, body)).status).toBe(200);
  });

  it('events.createRole and events.updateOwner: a user outside the team is 422', async () => {
    const { as } = world();
    const path = { eventId: SEEDED.eventId };
    const owner = (email: string) => as(ADA)('events.updateOwner', path, {}, { userId: idOf(email) });
    expect((await owner(GRACE)).status).toBe(422);
    expect((await owner('contributor@example.com')).status).toBe(200);
    const role = { userId: idOf(GRACE), role: 'readOnly' };
    expect((await as(ADA)('events.createRole', path, {}, role)).status).toBe(422);
  });

  it('the live cue: only the showCaller role on the event, and only their own', async () => {
    const { as } = world();
    const cue = { eventId: SEEDED.eventId, showId: SEEDED.showId, rowId: '65a1f0c2e4b0a1b2c3d4e605' };
    const set = (email: string, whose: string) =>
      as(email)('users.updateTrackableCue', { userId: idOf(whose) }, {}, cue).then((a) => a.status);
    expect(await set('showcaller@example.com', 'showcaller@example.com')).toBe(200);
    expect(await set('event.admin@example.com', 'event.admin@example.com')).toBe(403);
    expect(await set(ADA, ADA)).toBe(403);
    expect(await set('event.admin@example.com', 'showcaller@example.com')).toBe(403);
  });

  it('users.updateTracking: only for themselves, on events where they hold a role', async () => {
    const { as } = world();
    const track = (email: string) =>
      as(email)('users.updateTracking', { userId: idOf(email), eventId: SEEDED.eventId }, {}, { following: true }).then(
        (a) => a.status,
      );
    expect(await track('readonly@example.com')).toBe(200);
    expect(await track(GRACE)).toBe(403);
  });

  it('shows.duplicateToEvent: a contributor on both events', async () => {
    const { as } = world();
    const other = await as(ADA)(
      'events.create',
      { teamId: TEAM },
      {},
      { title: 'Winter gala', startOn: '2026-12-18T18:00:00Z', endOn: '2026-12-18T23:00:00Z' },
    );
    const targetEventId = (other.body as { _id: string })._id;
    const copy = (email: string) =>
      as(email)('shows.duplicateToEvent', {
        teamId: TEAM,
        eventId: SEEDED.eventId,
        showId: SEEDED.showId,
        targetEventId,
      }).then((a) => a.status);
    expect(await copy('contributor@example.com')).toBe(403);
    expect(await copy(ADA)).toBe(201);
  });

  it('users.setAdmin: product administrators, never on themselves', async () => {
    const { as } = world();
    expect((await as(ROOT)('users.setAdmin', { userId: idOf(ROOT) }, {}, { isAdmin: false })).status).toBe(403);
    expect((await as(ROOT)('users.setAdmin', { userId: idOf(GRACE) }, {}, { isAdmin: true })).status).toBe(200);
  });

  it('teams.createDailyActiveUsersReport: without a team, product administrators only', async () => {
    const { as } = world();
    const report = (email: string, body: Record<string, unknown>) =>
      as(email)('teams.createDailyActiveUsersReport', {}, {}, body).then((a) => a.status);
    expect(await report(ADA, {})).toBe(403);
    expect(await report(ADA, { teamId: TEAM })).toBeLessThan(300);
    expect(await report(ROOT, {})).toBeLessThan(300);
  });
});
