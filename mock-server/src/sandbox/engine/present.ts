import type { Kind } from '../effects/types.js';
import type { Store, StoredRecord } from './store.js';

/**
 * The name a kind's id goes by in its schema, where it is not `_id`: the product's own records answer `_id`
 * (openapi/DECISIONS.md, "Ids"); a card is named by the payment provider's id, a token by itself.
 */
export const ID_FIELD: Partial<Record<Kind, string>> = {
  cards: 'stripeCardId',
  tokens: 'token',
};

/** Fields a record keeps but never answers: what was written to be checked, not read back. */
const SECRET_FIELDS = ['password', 'twoFactorSecret', 'bytes', 'number', 'cvc'];

const scoped = (store: Store, kind: Kind, field: string, id: string) =>
  [...store.all(kind)].filter((record) => record[field] === id);

/**
 * A record as its schema shows it, with §3's relations filled from the store: an event's labels, roles, permissions,
 * documents and root file objects; a show's categories and PDF presets; a team's labels, roles and permissions. What
 * an answer shows is always what the store holds now.
 */
export function present(store: Store, kind: Kind, record: StoredRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  for (const field of SECRET_FIELDS) delete out[field];
  const idField = ID_FIELD[kind];
  if (idField) out[idField] = record._id;
  if (kind === 'catalogue' && 'value' in record) return record.value as Record<string, unknown>;
  if (kind === 'events') {
    const labels = scoped(store, 'labels', 'eventId', record._id);
    out.labels = labels.filter((label) => !label.global).map(labelOf);
    out.globalElementLabels = labels.filter((label) => label.global).map(labelOf);
    out.roles = scoped(store, 'eventRoles', 'eventId', record._id).map(({ userId, eventId, role }) => ({
      userId,
      eventId,
      role,
    }));
    out.permissions = scoped(store, 'eventPermissions', 'eventId', record._id);
    out.docs = scoped(store, 'eventDocs', 'eventId', record._id)
      .filter((doc) => !doc.deleted && !doc.archived)
      .map((doc) => doc._id);
    out.fsObjects = scoped(store, 'fsObjects', 'eventId', record._id)
      .filter((object) => object.parentId === null && !object.deleted && !object.archived)
      .map((object) => object._id);
  }
  if (kind === 'shows') {
    out.categories = scoped(store, 'categories', 'showId', record._id);
    out.pdfPresets = scoped(store, 'pdfPresets', 'showId', record._id);
  }
  if (kind === 'teams') {
    out.labels = scoped(store, 'labels', 'teamId', record._id)
      .filter((label) => label.eventId === undefined)
      .map(labelOf);
    out.roles = scoped(store, 'teamRoles', 'teamId', record._id);
    out.permissions = scoped(store, 'teamPermissions', 'teamId', record._id);
    // Billing as the store holds it; the engine takes it out again for anyone but the team's admins (visibility.ts).
    const card = scoped(store, 'cards', 'teamId', record._id)[0];
    if (card) out.card = present(store, 'cards', card);
    out.invoices = scoped(store, 'invoices', 'teamId', record._id).reverse();
    out.subscriptions = scoped(store, 'subscriptions', 'teamId', record._id);
    out.subscriptionSchedules = scoped(store, 'subscriptionSchedules', 'teamId', record._id);
  }
  return out;
}

const labelOf = ({ _id, text, color }: StoredRecord) => ({ _id, text, color });
