import { readFileSync } from 'node:fs';
import { operationTable } from '@runofshow/sdk';
import { paths } from '../../src/paths.js';
import { ANSWERED_BY } from '../../src/sandbox/answer.js';
import { Engine } from '../../src/sandbox/engine/engine.js';
import { SEED_PASSWORD } from '../../src/sandbox/seed.js';

/** What one call of the walk got back. */
export interface Outcome {
  operationId: string;
  status: number;
  /** `state` when the sandbox's engine answered; anything else means Prism answered from its examples. */
  answeredBy: string | null;
  detail: string;
}

interface BundleOperation {
  operationId: string;
  parameters?: { $ref?: string; name?: string; in?: string; required?: boolean; example?: unknown }[];
  requestBody?: { content: Record<string, { examples?: Record<string, { value?: unknown }> }> };
}

const TEAM = '65a1f0c2e4b0a1b2c3d4e5f7';
const ADA = '65a1f0c2e4b0a1b2c3d4e5f6';
const GRACE = '65a1f0c2e4b0a1b2c3d4e6a1';

/**
 * The order the walk calls the operations in: what makes records first (each harvesting the ids the later calls need),
 * then everything that reads or changes them, then §4's transitions, the permanent deletes last.
 */
const FIRST = [
  'events.create',
  'events.createTrial',
  'shows.create',
  'lists.create',
  'schedules.create',
  'columns.create',
  'itemSets.createRow',
  'itemSets.createRows',
  'eventDocs.upload',
  'fsObjects.createFolder',
  'teams.createLabel',
  'events.addLabel',
  'events.addGlobalElementLabel',
  'categories.create',
  'shows.createPdfPreset',
  'teams.createRole',
  'teams.createPermission',
  'events.createPermission',
  'events.createRole',
  'leads.create',
  'leads.updateTags',
  'teams.createStripeCustomer',
  'billing.createCard',
  'billing.createSubscription',
  'billing.createSubscriptionSchedule',
  'billing.createDraftInvoice',
  'tokens.create',
  'itemSets.createRowProof',
  'itemSets.publishRow',
  'shows.updateGlobalElementContainers',
];
const LAST = [
  'billing.cancelSubscriptionSchedule',
  'billing.cancelSubscription',
  'billing.deleteCard',
  'categories.delete',
  'events.removeLabel',
  'events.removeGlobalElementLabel',
  'events.removePermission',
  'events.removeRole',
  'teams.deletePermission',
  'teams.deleteRole',
  'users.deleteTeamRole',
  'leads.delete',
  'tags.delete',
  'columns.delete',
  'columns.restore',
  'itemSets.deleteRow',
  'itemSets.restoreRow',
  'itemSets.deleteRows',
  'eventDocs.archive',
  'eventDocs.restore',
  'eventDocs.delete',
  'fsObjects.archive',
  'fsObjects.restore',
  'fsObjects.delete',
  'fsObjects.deletePermanently',
  'shows.archive',
  'shows.restore',
  'shows.archiveTemplate',
  'shows.restoreTemplate',
  'shows.delete',
  'lists.restore',
  'schedules.restore',
  'shows.deletePermanently',
  'users.delete',
  'users.anonymize',
  'users.restore',
  'events.archive',
  'events.restore',
  'events.delete',
  'events.deletePermanently',
  'teams.removePaymentPlan',
  'teams.delete',
];

/** The ids each create leaves for later calls, by the name they go by in paths and bodies. */
function harvest(operationId: string, body: unknown, ids: Record<string, string>): void {
  if (typeof body !== 'object' || body === null) return;
  const record = (Array.isArray(body) ? body[0] : body) as Record<string, unknown>;
  const id = (field = '_id') => (typeof record?.[field] === 'string' ? (record[field] as string) : undefined);
  const set = (name: string, value: string | undefined) => {
    if (value && !ids[name]) ids[name] = value;
  };
  switch (operationId) {
    case 'events.create':
      set('eventId', id());
      return;
    case 'events.createTrial':
      set('targetEventId', id());
      return;
    case 'shows.create':
      set('showId', id());
      set('itemSetListId', id('itemSetList'));
      set('guestPass', id('guestPass'));
      return;
    case 'columns.create':
      set('columnId', id());
      return;
    case 'itemSets.createRow':
      set('rowId', id());
      set('itemSetId', id('itemSetId'));
      return;
    case 'eventDocs.upload':
      set('eventDocId', id());
      return;
    case 'fsObjects.createFolder':
      set('id', id());
      return;
    case 'teams.createLabel':
      set('teamLabelId', id());
      return;
    case 'events.addLabel':
      set('labelId', id());
      return;
    case 'events.addGlobalElementLabel':
      set('globalLabelId', id());
      return;
    case 'categories.create':
      set('categoryId', id());
      return;
    case 'shows.createPdfPreset':
      set('presetId', id());
      return;
    case 'teams.createRole':
      set('roleId', id());
      return;
    case 'teams.createPermission':
      set('teamPermissionId', id());
      set('name', id('name'));
      return;
    case 'events.createPermission':
      set('permissionId', id());
      return;
    case 'leads.create':
      set('leadId', id());
      return;
    case 'billing.createCard':
      set('stripeCardId', id('stripeCardId'));
      return;
    case 'billing.createSubscription':
      set('subscriptionId', id());
      return;
    case 'billing.createSubscriptionSchedule':
      set('subscriptionScheduleId', id());
      return;
    case 'tokens.create':
      set('token', id('token'));
      return;
    case 'shows.updateGlobalElementContainers':
      set('containerId', id());
      return;
  }
}

/** A request body's id fields pointed at the walk's records (the description's examples name ids that do not exist). */
function retarget(value: unknown, ids: Record<string, string>, key = ''): unknown {
  const byKey: Record<string, string | undefined> = {
    rowId: ids.rowId,
    columnId: ids.columnId,
    itemSetId: ids.itemSetId,
    userId: GRACE,
    parentId: ids.id,
    eventId: ids.eventId,
    teamId: TEAM,
    containerId: ids.containerId,
    currentRowId: ids.rowId,
  };
  if (Array.isArray(value)) {
    if (key === 'rowIds' || key === 'rowOrder') return ids.rowId ? [ids.rowId] : [];
    return value.map((item) => retarget(item, ids, `${key}[]`));
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value)) {
      if (['templateId', 'afterRowId', 'afterColumnId', 'subscriptionId'].includes(name)) continue;
      out[name] = name in byKey && typeof field === 'string' ? (byKey[name] ?? field) : retarget(field, ids, name);
    }
    if (key === 'cells' && ids.columnId) return { [ids.columnId]: 'Doors' };
    if (key === '' && 'parentId' in out && !ids.id) delete out.parentId;
    return out;
  }
  return value;
}

/** Calls every engine operation once, in a meaningful order, through `base` (the mock's public address). */
export async function walkEveryOperation(base: string): Promise<Outcome[]> {
  const bundle = JSON.parse(readFileSync(paths.bundle, 'utf8'));
  const byId = new Map<string, BundleOperation>();
  for (const operations of Object.values(bundle.paths as Record<string, Record<string, BundleOperation>>))
    for (const operation of Object.values(operations))
      if (operation.operationId) byId.set(operation.operationId, operation);
  const parameter = (p: NonNullable<BundleOperation['parameters']>[number]) =>
    p.$ref ? bundle.components.parameters[p.$ref.split('/').pop() ?? ''] : p;

  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'walk' },
    body: JSON.stringify({ email: 'root@example.com', password: SEED_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const ids: Record<string, string> = {};
  // biome-ignore lint/suspicious/noExplicitAny: the walk reads a few fields of answers the contract already checked
  const get = async (path: string): Promise<any> => {
    const url = new URL(`${base}${path}`);
    url.searchParams.set('accessToken', accessToken);
    return (await fetch(url, { headers: { 'x-api-key': 'walk' } })).json();
  };
  const middle = Engine.operations.filter((op) => !FIRST.includes(op) && !LAST.includes(op)).sort();
  const order = [...FIRST, ...middle, ...LAST];
  const outcomes: Outcome[] = [];
  let n = 0;
  for (const operationId of order) {
    const spec = operationTable[operationId as keyof typeof operationTable];
    const operation = byId.get(operationId);
    if (!spec || !operation) throw new Error(`No operation ${operationId}`);
    const fill: Record<string, string> = {
      teamId: TEAM,
      userId: ADA,
      email: 'ada@example.com',
      key: 'createFirstEvent',
      type: 'dashboard',
      // Not a scenario account's domain (those carry Prefer and get Prism's examples, by design).
      domain: 'acme.example.com',
      title: "Ada Lovelace's Team",
      hubspotDealId: '1234567',
      methodName: 'createRow',
      role: 'admin',
      page: '1',
      size: '10',
      parentId: ids.id ?? '',
      ...ids,
      ...(operationId.startsWith('teams.')
        ? { labelId: ids.teamLabelId ?? '', permissionId: ids.teamPermissionId ?? '' }
        : {}),
      ...(operationId === 'users.deleteTeamRole' ? { userId: GRACE } : {}),
      ...(['users.delete', 'users.restore', 'users.anonymize'].includes(operationId) ? { userId: GRACE } : {}),
      ...(operationId === 'events.removeGlobalElementLabel' ? { labelId: ids.globalLabelId ?? '' } : {}),
      ...(operationId === 'events.resendInvite' ? { userId: GRACE } : {}),
      ...(operationId === 'teams.inviteAdmin' ? { userId: GRACE } : {}),
    };
    const path = spec.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(fill[name] ?? 'missing'));
    const url = new URL(`${base}${path}`);
    if (spec.token) url.searchParams.set('accessToken', accessToken);
    if (spec.guest) url.searchParams.set('guestPass', ids.guestPass ?? 'no-guest-pass-yet');
    for (const p of (operation.parameters ?? []).map(parameter)) {
      if (p?.in !== 'query' || !p.required) continue;
      const value =
        p.name === 'eventDocId'
          ? ids.eventDocId
          : p.name === 'teamIds'
            ? TEAM
            : p.name === 'email'
              ? 'ada@example.com'
              : p.example;
      for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(p.name ?? '', String(one));
    }
    const headers: Record<string, string> = { 'x-api-key': 'walk', 'x-request-id': `walk-${++n}` };
    let body: string | FormData | undefined;
    const content = operation.requestBody?.content ?? {};
    const [type, media] = Object.entries(content)[0] ?? [];
    const example = media ? Object.values(media.examples ?? {})[0]?.value : undefined;
    if (type?.includes('json') && example !== undefined) {
      headers['content-type'] = 'application/json';
      // The example's current password is nobody's; the walk's caller gives its own (and keeps it, for the calls after).
      const own = operationId === 'users.updatePassword' && { password: SEED_PASSWORD, newPassword: SEED_PASSWORD };
      body = JSON.stringify(own || retarget(example, ids));
    } else if (type === 'multipart/form-data') {
      const form = new FormData();
      const csv = operationId.endsWith('importCsv');
      for (const [name, value] of Object.entries((example ?? {}) as Record<string, unknown>)) {
        if (name === 'file') continue;
        if (name === 'parentId') continue;
        form.append(name, String(value));
      }
      form.append(
        'file',
        new Blob([csv ? 'Segment,Presenter\nDoors open,Front of house\n' : 'sandbox bytes'], {
          type: csv ? 'text/csv' : 'image/png',
        }),
        csv ? 'show.csv' : 'file.png',
      );
      body = form;
    }
    const response = await fetch(url, { method: spec.method, headers, ...(body ? { body } : {}) });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    if (response.status < 300) harvest(operationId, parsed, ids);
    // The item set's id is only in the item set list; the tag's only in the tag list.
    if (response.status < 300 && operationId === 'shows.create') {
      const list = await get(`/teams/${TEAM}/events/${ids.eventId}/shows/${ids.showId}/itemSetList`);
      ids.itemSetId = list.itemSets?.[0]?._id;
    }
    if (response.status < 300 && operationId === 'leads.updateTags') ids.tagId = (await get('/tags'))[0]?._id;
    outcomes.push({
      operationId,
      status: response.status,
      answeredBy: response.headers.get(ANSWERED_BY),
      detail: response.status >= 300 ? text.slice(0, 1500) : '',
    });
  }
  return outcomes;
}
