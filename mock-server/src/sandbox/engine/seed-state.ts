import { seedAccounts, seedTeam } from '../seed.js';
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
  ssoConfigs: [
    { domain: 'sso.example.com', emailMatchers: ['@sso.example.com'], provider: 'saml' },
    { domain: 'acme.example.com', emailMatchers: ['@acme.example.com'], provider: 'oidc' },
  ],
};

/** Catalogue entries are keyed by what the calls look them up by (`onboarding/{key}`, `ssoconfig/{domain}`). */
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
