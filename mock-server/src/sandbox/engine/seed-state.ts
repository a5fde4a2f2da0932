import { seedAccounts, seedTeam } from '../seed.js';
import { fileSecret } from './files.js';
import type { Store, StoredRecord } from './store.js';

const AT = '2026-05-01T09:00:00.000Z';

/**
 * The reference data a backend holds before anyone writes (role types, permission names, prices, onboarding steps,
 * SSO configurations): the product's catalogue, which the engine lists and reads like any other kind. The enums come
 * from the description (§6's roles); the rest is the sandbox's own small catalogue.
 */
const catalogue: Record<string, readonly unknown[]> = {
  eventRoleTypes: ['readOnly', 'contributor', 'admin', 'showCaller'],
  teamRoleTypes: ['admin'],
  permissionNames: ['manageBilling', 'editShows', 'manageDocs', 'manageRoles'],
  viewPermissions: [
    {
      name: 'eventDocuments',
      description: 'The event documents view.',
      roles: ['readOnly', 'contributor', 'admin', 'showCaller'],
    },
    { name: 'eventSettings', description: 'The event settings view.', roles: ['admin', 'showCaller'] },
  ],
  eventProducts: [
    {
      _id: '65a1f0c2e4b0a1b2c3d4e615',
      name: 'Single event',
      unitAmount: 49900,
      currency: 'usd',
      stripePriceId: 'price_SandboxEvent01',
    },
  ],
  stripePrices: [
    {
      stripePriceId: 'price_SandboxMonthly01',
      productName: 'Team',
      nickname: 'Monthly',
      currency: 'usd',
      unitAmount: 4900,
      interval: 'month',
      intervalCount: 1,
      active: true,
    },
    {
      stripePriceId: 'price_SandboxYearly001',
      productName: 'Team',
      nickname: 'Yearly',
      currency: 'usd',
      unitAmount: 49000,
      interval: 'year',
      intervalCount: 1,
      active: true,
    },
  ],
  onboarding: [
    {
      key: 'createFirstEvent',
      type: 'dashboard',
      title: 'Create your first event',
      description: 'Start with an event.',
      order: 1,
    },
    {
      key: 'addFirstShow',
      type: 'dashboard',
      title: 'Add a show',
      description: 'Shows hold the running order.',
      order: 2,
    },
  ],
};

/** Catalogue entries are keyed by what the calls look them up by (`onboarding/{key}`). */
const keyOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(
        ['key', 'domain', 'name', 'stripePriceId'].flatMap((k) =>
          k in value ? [[k, (value as Record<string, unknown>)[k]]] : [],
        ),
      )
    : {};

/**
 * The state the sandbox starts with: the seeded sign-in accounts (same ids as the sign-in slice, which keeps their
 * passwords), Ada's team with Ada as its admin, and the catalogue.
 */
export function seedState(store: Store): void {
  for (const seed of seedAccounts) {
    store.put('users', {
      _id: seed._id,
      firstName: seed.firstName,
      lastName: seed.lastName,
      email: seed.email,
      isVerified: true,
      isAdmin: seed.email === 'root@example.com',
      pending: false,
      deleted: false,
      hasTwoFactorAuth: Boolean(seed.totpSecret),
      timezone: 'America/New_York',
      createdOn: AT,
    });
  }
  const { adminId, ...team } = seedTeam;
  store.put('teams', { ...team, deleted: false, createdOn: AT });
  store.put('teamRoles', {
    _id: '65a1f0c2e4b0a1b2c3d4e5f8',
    teamId: team._id,
    userId: adminId,
    roleType: 'admin',
    createdOn: AT,
  });
  seedScenario(store);
  let n = 0;
  for (const [name, values] of Object.entries(catalogue)) {
    for (const value of values) {
      n++;
      const record: StoredRecord = {
        _id: `c0ffee${String(n).padStart(18, '0')}`,
        catalogue: name,
        value,
        ...keyOf(value),
      };
      store.put('catalogue', record);
    }
  }
}

/** The seeded event's ids: the description's example ids, so its examples and the sandbox name the same records. */
export const SEEDED = {
  eventId: '65a1f0c2e4b0a1b2c3d4e601',
  showId: '65a1f0c2e4b0a1b2c3d4e602',
  itemSetListId: '65a1f0c2e4b0a1b2c3d4e603',
  itemSetId: '65a1f0c2e4b0a1b2c3d4e604',
  templateId: '65a1f0c2e4b0a1b2c3d4e610',
  guestPass: 'gp_AutumnLaunchMainStage01',
} as const;

/** §6's roles on the seeded event, by the seeded accounts (seed.ts). */
export const SEEDED_ROLES = [
  { userId: '65a1f0c2e4b0a1b2c3d4e6b1', role: 'admin' },
  { userId: '65a1f0c2e4b0a1b2c3d4e6b2', role: 'contributor' },
  { userId: '65a1f0c2e4b0a1b2c3d4e6b3', role: 'readOnly' },
  { userId: '65a1f0c2e4b0a1b2c3d4e6b4', role: 'showCaller' },
] as const;

/**
 * Ada's team with something in it, so each role account sees the difference at once: an event with a show (columns
 * and rows), a list, a schedule, a template, a document in a folder, and two leads.
 */
function seedScenario(store: Store): void {
  const teamId = seedTeam._id;
  const { eventId, showId, itemSetListId, itemSetId, templateId } = SEEDED;
  const scope = { teamId, eventId };
  store.put('events', {
    _id: eventId,
    ...scope,
    title: 'Autumn Product Launch',
    description: 'Keynote, breakout sessions and the evening reception at Harbour Hall.',
    startOn: '2026-09-18T13:00:00Z',
    endOn: '2026-09-18T22:00:00Z',
    timezone: 'America/New_York',
    owner: seedTeam.adminId,
    createdBy: seedTeam.adminId,
    industry: 'Corporate',
    archived: false,
    deleted: false,
    isTrialEvent: false,
    createdOn: AT,
    modifiedOn: AT,
  });
  for (const [i, { userId, role }] of SEEDED_ROLES.entries())
    store.put('eventRoles', { _id: `65a1f0c2e4b0a1b2c3d4e7a${i}`, eventId, userId, role });
  const columns = [
    { _id: '65a1f0c2e4b0a1b2c3d4e606', title: 'Segment', type: 'text', width: 240 },
    { _id: '65a1f0c2e4b0a1b2c3d4e622', title: 'Duration', type: 'duration', width: 100 },
    { _id: '65a1f0c2e4b0a1b2c3d4e623', title: 'Presenter', type: 'text', width: 180 },
  ];
  const rows = [
    ['65a1f0c2e4b0a1b2c3d4e605', 'Doors open', 900, 'Front of house'],
    ['65a1f0c2e4b0a1b2c3d4e620', 'Welcome', 300, 'Ada Lovelace'],
    ['65a1f0c2e4b0a1b2c3d4e621', 'Keynote', 2700, 'Grace Hopper'],
  ] as const;
  const shows = [
    [showId, 'show', 'Main stage', itemSetListId, itemSetId, false],
    ['65a1f0c2e4b0a1b2c3d4e611', 'list', 'Crew list', '65a1f0c2e4b0a1b2c3d4e631', '65a1f0c2e4b0a1b2c3d4e641', false],
    [
      '65a1f0c2e4b0a1b2c3d4e612',
      'schedule',
      'Load-in schedule',
      '65a1f0c2e4b0a1b2c3d4e632',
      '65a1f0c2e4b0a1b2c3d4e642',
      false,
    ],
    [templateId, 'show', 'Keynote template', '65a1f0c2e4b0a1b2c3d4e633', '65a1f0c2e4b0a1b2c3d4e643', true],
  ] as const;
  for (const [_id, type, title, list, set, template] of shows) {
    const main = _id === showId;
    store.put('shows', {
      _id,
      ...scope,
      type,
      title,
      private: false,
      archived: false,
      deleted: false,
      template,
      templateArchived: false,
      itemSetList: list,
      itemSetId: set,
      guestPass: main ? SEEDED.guestPass : null,
      columnOrder: main ? columns.map((c) => c._id) : [],
      guestPassColumns: main ? [columns[0]?._id] : [],
      rowOrder: main ? rows.map((r) => r[0]) : [],
      createdOn: AT,
      modifiedOn: AT,
    });
  }
  const inShow = { ...scope, showId, itemSetListId };
  for (const column of columns) store.put('columns', { ...column, ...inShow, deleted: false });
  let at = Date.parse('2026-09-18T13:00:00Z');
  for (const [_id, title, duration, presenter] of rows) {
    store.put('rows', {
      _id,
      ...inShow,
      itemSetId,
      title,
      duration,
      startTime: new Date(at).toISOString(),
      cells: {
        '65a1f0c2e4b0a1b2c3d4e606': title,
        '65a1f0c2e4b0a1b2c3d4e622': duration,
        '65a1f0c2e4b0a1b2c3d4e623': presenter,
      },
      deleted: false,
    });
    at += duration * 1000;
  }
  const folderId = '65a1f0c2e4b0a1b2c3d4e60d';
  const docId = '65a1f0c2e4b0a1b2c3d4e60b';
  const objectId = '65a1f0c2e4b0a1b2c3d4e60c';
  const tree = { eventId, teamId, archived: false, implicitlyArchived: false, deleted: false, modifiedOn: AT };
  store.put('fsObjects', {
    _id: folderId,
    ...tree,
    name: 'Venue',
    sortableName: 'venue',
    parentId: null,
    folder: true,
    displayType: 'folder',
    path: '/Venue',
  });
  store.put('fsObjects', {
    _id: objectId,
    ...tree,
    name: 'Harbour Hall floor plan.pdf',
    sortableName: 'harbour hall floor plan.pdf',
    parentId: folderId,
    folder: false,
    displayType: 'pdf',
    path: '/Venue/Harbour Hall floor plan.pdf',
    reference: { kind: 'eventDoc', _id: docId, displayType: 'pdf' },
  });
  const bytes = new TextEncoder().encode('%PDF-1.7 Harbour Hall floor plan (sandbox)');
  store.put('blobs', {
    _id: '65a1f0c2e4b0a1b2c3d4e6c0',
    bytes,
    name: 'floor-plan.pdf',
    contentType: 'application/pdf',
    secret: fileSecret(),
  });
  store.put('eventDocs', {
    _id: docId,
    ...scope,
    objectId,
    blobId: '65a1f0c2e4b0a1b2c3d4e6c0',
    name: 'Harbour Hall floor plan.pdf',
    contentType: 'application/pdf',
    size: bytes.length,
    isPublic: true,
    uploadedBy: seedTeam.adminId,
    archived: false,
    deleted: false,
    createdOn: AT,
    modifiedOn: AT,
  });
  for (const [_id, firstName, lastName, email, company] of [
    ['65a1f0c2e4b0a1b2c3d4e6d1', 'Lin', 'Park', 'lin.park@example.com', 'Harbour Hall'],
    ['65a1f0c2e4b0a1b2c3d4e6d2', 'Omar', 'Reyes', 'omar.reyes@example.com', 'Gala Events'],
  ] as const) {
    store.put('leads', {
      _id,
      firstName,
      lastName,
      email,
      company,
      source: 'website',
      tags: ['gala'],
      createdOn: AT,
      modifiedOn: AT,
    });
  }
  store.put('tags', { _id: '65a1f0c2e4b0a1b2c3d4e6e1', text: 'gala', createdOn: AT });
}
