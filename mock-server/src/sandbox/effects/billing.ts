import type { EffectTable } from './types.js';

/** §3 billing objects; §4: subscriptions and schedules are created, updated and cancelled. */
export const billingEffects = {
  'billing.createCard': { action: 'create', kind: 'cards', view: 'card' },
  'billing.getCard': { action: 'read', kind: 'cards', view: 'teamCard' },
  'billing.updateCard': { action: 'update', kind: 'cards' },
  'billing.deleteCard': { action: 'delete', kind: 'cards', view: 'cardInUse' },
  'billing.updateCustomer': { action: 'update', kind: 'customers', view: 'teamCustomer' },
  'billing.createSubscription': {
    action: 'create',
    kind: 'subscriptions',
    view: 'subscription',
    set: { status: 'active', cancelAtPeriodEnd: false },
  },
  'billing.getSubscription': { action: 'read', kind: 'subscriptions' },
  'billing.updateSubscription': { action: 'update', kind: 'subscriptions', view: 'notCanceled' },
  'billing.cancelSubscription': { action: 'transition', kind: 'subscriptions', view: 'cancelSubscription' },
  'billing.previewUpcomingInvoice': { action: 'report', kind: 'subscriptions', view: 'upcomingInvoice' },
  'billing.createSubscriptionSchedule': {
    action: 'create',
    kind: 'subscriptionSchedules',
    set: { status: 'not_started' },
  },
  'billing.getSubscriptionSchedule': { action: 'read', kind: 'subscriptionSchedules' },
  'billing.updateSubscriptionSchedule': { action: 'update', kind: 'subscriptionSchedules', view: 'scheduleOpen' },
  'billing.cancelSubscriptionSchedule': { action: 'transition', kind: 'subscriptionSchedules', view: 'cancelSchedule' },
  'billing.createDraftInvoice': { action: 'create', kind: 'invoices', view: 'draftInvoice', set: { status: 'draft' } },
  'billing.listInvoices': { action: 'list', kind: 'invoices' },
  'billing.listPrices': { action: 'list', kind: 'catalogue', filter: { catalogue: 'stripePrices' } },
  'plans.create': { action: 'create', kind: 'plans', view: 'uniqueName' },
  'plans.list': { action: 'list', kind: 'plans', order: 'oldest' },
} as const satisfies EffectTable;
