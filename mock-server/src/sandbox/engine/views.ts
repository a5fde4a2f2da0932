import type { Answer } from '../sandbox.js';
import { type Call, Problem } from './engine.js';
import { FILES_PREFIX, signedFileUrl } from './files.js';
import { present } from './present.js';
import { isObject, newId } from './schema.js';
import type { StoredRecord } from './store.js';
import type { ViewKey } from './view-names.js';
import { itemSetViews } from './views-item-sets.js';
import { moreViews } from './views-more.js';

/** A computation an effect names where the generic action is not the whole story; `arg` follows a colon. */
export type View = (call: Call, arg: string) => Answer | Promise<Answer>;

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
const same = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase();

/** The record whose `field` equals the locator's value (case-insensitively: titles, e-mail addresses, names). */
function byField(call: Call, field: string): StoredRecord {
  const value = call.locate(call.effect.target);
  const found = [...call.store.all(call.effect.kind)].find((r) => same(r[field], value) && r.deleted !== true);
  if (!found) throw new Problem(404, `No ${call.effect.kind.slice(0, -1)} with that ${field}.`);
  return found;
}

/** A sibling in the same scope already using the value answers 409 (a label text, a category name, an e-mail). */
function unique(call: Call, field: string, except?: string): void {
  const value = call.body[field];
  if (value === undefined) return;
  const scope = call.scopeFields();
  const clash = [...call.store.all(call.effect.kind)].some(
    (r) =>
      r._id !== except &&
      r.deleted !== true &&
      same(r[field], value) &&
      Object.entries(scope).every(([k, v]) => r[k] === undefined || r[k] === v),
  );
  if (clash) throw new Problem(409, `A ${call.effect.kind.slice(0, -1)} with that ${field} exists already.`);
}

const base = {
  /** A restore needs something to undo: a live record answers 409 (§4, DECISIONS.md). */
  restore: (call) => {
    const record = call.target();
    if (record.deleted !== true && record.archived !== true)
      throw new Problem(409, 'It is neither deleted nor archived.');
    return call.respond(present(call.store, call.effect.kind, call.transition(call.effect.set ?? {}, record)));
  },
  count: (call) => call.respond({ count: call.list().length }),
  csv: (call) => call.respond(call.list().map((r) => present(call.store, call.effect.kind, r))),
  byField: (call, field) => {
    const record = byField(call, field);
    if (call.effect.action === 'update')
      return call.respond(present(call.store, call.effect.kind, call.update(call.body, record)));
    return call.respond(present(call.store, call.effect.kind, record));
  },
  /** A field holding an object (settings, trackable cue): the body is merged into it. */
  into: (call, field) => {
    const record = call.target();
    const inner = isObject(record[field]) ? record[field] : {};
    const { rowId: _r, columnId: _c, ...rest } = call.body;
    return call.respond(present(call.store, call.effect.kind, call.update({ [field]: { ...inner, ...rest } }, record)));
  },
  clear: (call, field) => call.respond(present(call.store, call.effect.kind, call.update({ [field]: null }))),
  /** A map field keyed by the path's last parameter (`preferences/{key}`, `tracking/{eventId}`). */
  keyed: (call, field) => {
    const record = call.target();
    const key = call.request.path.key ?? call.request.path.eventId ?? '';
    const map = isObject(record[field]) ? record[field] : {};
    const value = 'value' in call.body ? call.body.value : 'done' in call.body ? call.body.done : call.body;
    return call.respond(
      present(call.store, call.effect.kind, call.update({ [field]: { ...map, [key]: value } }, record)),
    );
  },
  unkey: (call, field) => {
    const record = call.target();
    const { [call.request.path.eventId ?? '']: _, ...rest } = isObject(record[field]) ? record[field] : {};
    return call.respond(present(call.store, call.effect.kind, call.update({ [field]: rest }, record)));
  },
  uniqueName: (call) => {
    const own = call.effect.action === 'update' ? call.target()._id : undefined;
    unique(call, 'name', own);
    unique(call, 'text', own);
    return call.generic();
  },
  uniqueEmail: (call) => {
    unique(call, 'email', call.effect.action === 'update' ? call.target()._id : undefined);
    return call.generic();
  },
  uniqueUser: (call) => {
    unique(call, 'userId');
    return call.generic();
  },
  /** The record a sub-record hangs off, after the sub-record went (removing a label answers the event). */
  parent: (call) => {
    call.delete();
    return call.respond(present(call.store, 'events', call.target('events', call.request.path.eventId)));
  },
  /** The sign-in slice checks the current password (through its lockout) and keeps the new one's hash. */
  changePassword: async (call) => {
    const user = call.target();
    const signIn = call.engine.signIn;
    if (!signIn) throw new Problem(404, 'No account signs in with this user.');
    const { password, newPassword } = call.body;
    const answer = await signIn.changePassword(
      String(user.email),
      typeof password === 'string' ? password : '',
      typeof newPassword === 'string' ? newPassword : '',
      call.request.client,
      call.request.accessToken,
    );
    if (answer.status !== 200) return answer;
    call.update({});
    return call.respond(answer.body);
  },
  confirm: (call) => {
    if (call.effect.action === 'update') call.update({});
    else call.target();
    return call.respond({ ok: true, message: 'Done.' });
  },
  photo: (call) => upload(call, 'photo'),
  asset: (call) => upload(call, 'asset'),
  /** A copy of an event or show with what hangs under it (shows, columns, rows), under fresh ids. */
  duplicate: (call) => {
    const source = call.target();
    const { guestPass: _, itemSetList: __, itemSetId: ___, template: ____, ...kept } = source;
    const fresh = call.effect.kind === 'shows' ? { ...newItemSetList(), template: false } : {};
    const copy = call.create({ ...kept, ...call.body, archived: false, deleted: false }, fresh);
    copyChildren(call, source, copy._id as string);
    return call.respond(
      present(call.store, call.effect.kind, call.store.get(call.effect.kind, copy._id as string) ?? source),
    );
  },
  fromTemplate: (call) => {
    const templateId = typeof call.body.templateId === 'string' ? call.body.templateId : undefined;
    const template = templateId ? call.store.get('shows', templateId) : undefined;
    if (templateId && !template?.template) throw new Problem(422, 'templateId names no template.');
    const show = call.create(call.body, newItemSetList());
    if (template) copyChildren(call, template, show._id as string);
    return call.respond(
      present(call.store, 'shows', call.store.get('shows', show._id as string) ?? (show as StoredRecord)),
    );
  },
  /** A document lands in the event's file tree too (EventDoc.objectId), in `parentId` (a folder of the event) or the root. */
  document: (call) => {
    const eventId = call.request.path.eventId ?? '';
    const parentId = typeof call.body.parentId === 'string' ? call.body.parentId : null;
    const parent = parentId ? call.store.get('fsObjects', parentId) : undefined;
    if (parentId && (parent?.folder !== true || parent.eventId !== eventId))
      throw new Problem(422, 'parentId is not a folder of this event.');
    const file = call.request.files?.file;
    if (!file) throw new Problem(422, 'The file part is missing.');
    const name = typeof call.body.name === 'string' ? call.body.name : file.name;
    const objectId = newId();
    const doc = call.create(
      { name, parentId, isPublic: call.body.isPublic === 'true' },
      {
        contentType: file.type || 'application/octet-stream',
        size: file.bytes.length,
        blobId: call.storeBlob(file),
        objectId,
        uploadedBy: call.request.caller?._id,
      },
    );
    const displayType = file.type.startsWith('image/') ? 'image' : file.type === 'application/pdf' ? 'pdf' : 'document';
    call.store.put('fsObjects', {
      _id: objectId,
      eventId,
      teamId: doc.teamId,
      name,
      sortableName: name.toLowerCase(),
      parentId,
      folder: false,
      displayType,
      path: parent ? `${String(parent.path)}/${name}` : `/${name}`,
      reference: { kind: 'eventDoc', _id: doc._id, displayType },
      archived: false,
      implicitlyArchived: false,
      deleted: false,
      modifiedOn: call.now,
    });
    return call.respond(doc);
  },
  /** A CSV import: the header row becomes the columns, each further line a row. */
  csvImport: (call) => {
    const text = new TextDecoder().decode(call.request.files?.file?.bytes ?? new Uint8Array());
    const show = call.create({ title: call.body.title, description: call.body.description }, newItemSetList());
    const [header = [], ...lines] = text.split(/\r?\n/).filter(Boolean).map(parseCsvLine);
    const stored = call.store.get('shows', show._id as string) as StoredRecord;
    const columnIds = header.map((title) => {
      const _id = newId();
      call.store.put('columns', {
        _id,
        title: title.slice(0, 64).padEnd(2, ' '),
        type: 'text',
        deleted: false,
        ...scopeOf(stored),
      });
      return _id;
    });
    const rowIds = lines.map((cells) => {
      const _id = newId();
      call.store.put('rows', {
        _id,
        itemSetId: stored.itemSetId,
        title: cells[0] ?? '',
        cells: Object.fromEntries(columnIds.map((id, i) => [id, cells[i] ?? ''])),
        deleted: false,
        ...scopeOf(stored),
      });
      return _id;
    });
    call.write('shows', { ...stored, columnOrder: columnIds, rowOrder: rowIds });
    return call.respond(present(call.store, 'shows', call.store.get('shows', stored._id) ?? stored));
  },
  templates: (call) =>
    call.respondList(
      [...call.store.all('shows')].filter(
        (s) =>
          s.template === true &&
          (call.effect.filter?.global ? s.global === true : s.eventId === call.request.path.eventId) &&
          (call.request.query.get('includeArchived') === 'true' || s.templateArchived !== true),
      ),
    ),
  byUser: (call) => {
    const userId = call.request.path.userId ?? call.request.caller?._id;
    const roles = [...call.store.all('eventRoles')].filter((r) => r.userId === userId).map((r) => r.eventId);
    const adminOf = [...call.store.all('teamRoles')].filter((r) => r.userId === userId).map((r) => r.teamId);
    if (call.effect.kind === 'teams') return call.respondList(call.list().filter((t) => adminOf.includes(t._id)));
    const events = call.list('events').filter((e) => roles.includes(e._id) || adminOf.includes(e.teamId as string));
    if (call.effect.kind === 'labels') {
      const labels = [...call.store.all('labels')].filter((l) => events.some((e) => e._id === l.eventId));
      return call.respondList(labels);
    }
    return call.respondList(events);
  },
  withShows: (call) => {
    const events = call.list('events');
    return call.respond(
      events.map((event) => ({
        ...present(call.store, 'events', event),
        shows: [...call.store.all('shows')].filter((s) => s.eventId === event._id && !s.deleted && !s.template),
      })),
    );
  },
  eligible: (call) => {
    const teamId =
      call.request.path.teamId ?? (call.store.get('events', call.request.path.eventId ?? '')?.teamId as string);
    const members = new Set(
      [...call.store.all('teamRoles'), ...call.store.all('eventRoles')]
        .filter((r) => r.teamId === teamId || call.store.get('events', r.eventId as string)?.teamId === teamId)
        .map((r) => r.userId),
    );
    return call.respondList([...call.store.all('users')].filter((u) => members.has(u._id) && u.deleted !== true));
  },
  owners: (call) => {
    const owners = new Set(call.list('events').map((e) => e.owner ?? e.createdBy));
    return call.respondList([...call.store.all('users')].filter((u) => owners.has(u._id)));
  },
  byRole: (call) => call.respondList(call.list().filter((r) => r.role === call.request.path.role)),
  byIds: (call) => {
    const wanted = call.request.query.getAll('teamIds').flatMap((v) => v.split(','));
    return call.respondList(call.list().filter((t) => wanted.includes(t._id)));
  },
  signedUrl: (call) => call.respond(signed(call, call.target())),
  publicSignedUrl: (call) => {
    const doc = call.target();
    if (doc.isPublic !== true || doc.deleted === true || doc.archived === true)
      throw new Problem(404, 'No such public document.');
    return call.respond(signed(call, doc));
  },
  signedUrls: (call) =>
    call.respond(call.request.query.getAll('eventDocId').map((id) => signed(call, call.target('eventDocs', id)))),
  folder: (call) => {
    const parentId = typeof call.body.parentId === 'string' ? call.body.parentId : null;
    const parent = parentId ? call.store.get('fsObjects', parentId) : undefined;
    if (parentId && (parent?.folder !== true || parent.eventId !== call.request.path.eventId))
      throw new Problem(422, 'parentId is not a folder of this event.');
    const name = String(call.body.name ?? '');
    const sibling = [...call.store.all('fsObjects')].some(
      (o) =>
        o.eventId === call.request.path.eventId &&
        (o.parentId ?? null) === parentId &&
        same(o.name, name) &&
        !o.deleted,
    );
    if (sibling) throw new Problem(409, 'A sibling with that name exists already.');
    const path = parent ? `${parent.path}/${name}` : `/${name}`;
    return call.respond(
      call.create(call.body, {
        parentId,
        sortableName: name.toLowerCase(),
        displayType: 'folder',
        path,
        implicitlyArchived: false,
      }),
    );
  },
  moveTo: (call) => {
    const object = call.target();
    const parentId = call.request.path.parentId ?? null;
    if (parentId) {
      const parent = call.target('fsObjects', parentId);
      if (parent.folder !== true) throw new Problem(422, 'The destination is not a folder.');
      for (let at: StoredRecord | undefined = parent; at; at = call.store.get('fsObjects', String(at.parentId ?? '')))
        if (at._id === object._id) throw new Problem(409, 'A folder cannot move into itself.');
    }
    return call.respond(present(call.store, 'fsObjects', call.update({ parentId }, object)));
  },
  children: (call) => {
    call.target('fsObjects', call.request.path.id);
    return call.respond(
      call
        .list()
        .filter((o) => o.parentId === call.request.path.id)
        .sort((a, b) => Number(b.folder) - Number(a.folder)),
    );
  },
  nested: (call) => {
    const all = call.list();
    const node = (o: StoredRecord): unknown => ({
      ...present(call.store, 'fsObjects', o),
      children: all.filter((c) => c.parentId === o._id).map(node),
    });
    return call.respond(all.filter((o) => (o.parentId ?? null) === null).map(node));
  },
  displayType: (call) => {
    const object = call.target();
    return call.respond({ _id: object._id, displayType: object.displayType ?? 'folder' });
  },
  displayTypes: (call) => call.respond([...new Set(call.list().map((o) => o.displayType))]),
  /** users.restore: an anonymized user is gone for good (404, as the description says); a live one 409. */
  restoreUser: (call) => {
    const user = call.target();
    if (user.anonymized === true) throw new Problem(404, 'No such user.');
    return call.respond(present(call.store, 'users', call.transition({ deleted: false }, user)));
  },
  pendingByEmail: (call) => {
    const user = byField(call, 'email');
    if (user.pending !== true) throw new Problem(404, 'No pending user with that address.');
    return call.respond(present(call.store, 'users', user));
  },
  findOrCreate: (call) => {
    const found = [...call.store.all('users')].find((u) => same(u.email, call.body.email));
    if (found) return call.respond(present(call.store, 'users', found), 200);
    return call.respond(call.create(), 201);
  },
  /** Names, address, photo, tags and preferences erased for good; the id stays, so history still adds up. */
  anonymize: (call) => {
    const user = call.target();
    call.guard(user, call.effect.when);
    const erased = {
      ...user,
      firstName: 'Deleted',
      lastName: 'User',
      email: `deleted-${newId()}@example.invalid`,
      photo: null,
      tags: [],
      preferences: {},
      anonymized: true,
      modifiedOn: call.now,
    };
    return call.respond(present(call.store, 'users', call.write('users', erased, user)));
  },
  /**
   * An access token: with credentials, a session of the sign-in slice (the same rules as POST /login: lockout, second
   * factor), usable as `accessToken` on every call; a refresh answers the caller's own session.
   */
  token: async (call) => {
    const signIn = call.engine.signIn;
    if (typeof call.body.email === 'string' && signIn) {
      const code = typeof call.body.timeBasedToken === 'string' ? call.body.timeBasedToken : undefined;
      const answer = await signIn.login(call.body.email, String(call.body.password ?? ''), code, call.request.client);
      if (answer.status !== 200 || !isObject(answer.body)) {
        const status = answer.status === 401 ? 404 : answer.status;
        throw new Problem(status, String(isObject(answer.body) ? answer.body.detail : 'Sign-in failed.'));
      }
      const user = answer.body.user as Record<string, unknown>;
      const kind = code ? 'twoFactor' : 'password';
      return call.respond({
        token: answer.body.accessToken,
        userId: user._id,
        kind,
        issuedAt: call.now,
        expiresAt: answer.body.expiresAt,
      });
    }
    const caller = call.request.caller;
    if (!caller || !call.request.accessToken) throw new Problem(404, 'No such user.');
    const expiresAt = new Date(call.engine.clock() + 30 * 86_400_000).toISOString();
    return call.respond({
      token: call.request.accessToken,
      userId: caller._id,
      kind: 'refresh',
      issuedAt: call.now,
      expiresAt,
    });
  },
  /** An event role is named by its user: one role per user and event; the last admin stays (409). */
  roleOfUser: (call) => {
    const eventId = call.request.path.eventId;
    const role = [...call.store.all('eventRoles')].find((r) => r.eventId === eventId && r.userId === call.body.userId);
    if (!role) throw new Problem(404, 'The user holds no role on the event.');
    const admins = [...call.store.all('eventRoles')].filter((r) => r.eventId === eventId && r.role === 'admin');
    const losesAdmin = role.role === 'admin' && call.body.role !== 'admin';
    if (losesAdmin && admins.length <= 1) throw new Problem(409, 'An event keeps at least one admin.');
    if (call.effect.action === 'delete') {
      call.remove('eventRoles', role);
      return call.respond(role);
    }
    return call.respond(call.update({ role: call.body.role }, role));
  },
  paymentPlan: (call) =>
    call.respond(present(call.store, 'teams', call.update({ paymentPlan: { startsOn: call.now, ...call.body } }))),
  draftInvoice: (call) => {
    const items = (Array.isArray(call.body.items) ? call.body.items : []).filter(isObject);
    const lines = items.map((item) => {
      const quantity = Number(item.quantity ?? 1);
      const amount = Number(item.unitAmount ?? item.amount ?? 0) * quantity;
      return { description: String(item.description ?? 'Item'), quantity, amount };
    });
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const currency = typeof call.body.currency === 'string' ? call.body.currency : 'usd';
    return call.respond(
      call.create(
        { teamId: call.body.teamId },
        { stripeInvoiceId: `in_${newId()}`, currency, subtotal: total, total, amountPaid: 0, lines },
      ),
    );
  },
  /** `countBy:teamId`: one row per team (or event) with how many records it has. */
  countBy: (call, field) => {
    const groups = new Map<string, number>();
    for (const record of call.list()) {
      const key = record[field];
      if (typeof key === 'string') groups.set(key, (groups.get(key) ?? 0) + 1);
    }
    return call.respond(
      [...groups].map(([id, count]) => ({
        [field]: id,
        [field === 'teamId' ? 'teamTitle' : 'eventTitle']: String(
          call.store.get(field === 'teamId' ? 'teams' : 'events', id)?.title ?? '',
        ),
        count,
      })),
    );
  },
} satisfies Partial<Record<ViewKey, View>>;

const TEN_YEARS_MS = 10 * 365 * 24 * 3600 * 1000;

function upload(call: Call, field: string): Answer {
  const file = call.request.files?.file;
  if (!file) throw new Problem(422, 'The file part is missing.');
  const blob = call.store.get('blobs', call.storeBlob(file));
  // A photo's or an asset's address is kept on its record, so it is signed for as long as a record lives.
  const url = blob ? signedFileUrl(call.engine.filesOrigin, blob, call.engine.clock() + TEN_YEARS_MS) : null;
  const record = call.update({ [field]: url });
  return call.respond(present(call.store, call.effect.kind, record));
}

function signed(call: Call, doc: StoredRecord) {
  const ttl = Math.min(2_592_000, Number(call.request.query.get('ttl') ?? 3600));
  const expiresAt = call.engine.clock() + ttl * 1000;
  // A document without bytes (none was uploaded) gets an address that answers 404, as a missing object would.
  const blob = typeof doc.blobId === 'string' ? call.store.get('blobs', doc.blobId) : undefined;
  return {
    eventDocId: doc._id,
    url: blob
      ? signedFileUrl(call.engine.filesOrigin, blob, expiresAt)
      : `${call.engine.filesOrigin}${FILES_PREFIX}${doc._id}`,
    expiresAt: new Date(expiresAt).toISOString(),
  };
}

const scopeOf = (show: StoredRecord) => ({
  teamId: show.teamId,
  eventId: show.eventId,
  showId: show._id,
  itemSetListId: show.itemSetList,
});

/** A new show's item set list: one item set, empty orders. */
export const newItemSetList = () => ({
  itemSetList: newId(),
  itemSetId: newId(),
  rowOrder: [],
  columnOrder: [],
  guestPassColumns: [],
});

/** Copies the columns and rows of a show (or the shows of an event) under `copyId`, with fresh ids and orders. */
function copyChildren(call: Call, source: StoredRecord, copyId: string): void {
  if (call.effect.kind === 'events') {
    for (const show of [...call.store.all('shows')].filter((s) => s.eventId === source._id && !s.deleted)) {
      const copy = { ...show, ...newItemSetList(), _id: newId(), eventId: copyId };
      call.store.put('shows', copy);
      copyShow(call, show, copy);
    }
    return;
  }
  const copy = call.store.get('shows', copyId);
  if (copy) copyShow(call, source, { ...copy, template: false });
}

function copyShow(call: Call, source: StoredRecord, copy: StoredRecord): void {
  const columnIds = new Map<string, string>();
  for (const column of [...call.store.all('columns')].filter((c) => c.showId === source._id)) {
    const _id = newId();
    columnIds.set(column._id, _id);
    call.store.put('columns', { ...column, _id, ...scopeOf(copy) });
  }
  const rowIds = new Map<string, string>();
  for (const row of [...call.store.all('rows')].filter((r) => r.showId === source._id)) {
    const _id = newId();
    rowIds.set(row._id, _id);
    const cells = isObject(row.cells) ? row.cells : {};
    call.store.put('rows', {
      ...row,
      _id,
      itemSetId: copy.itemSetId,
      cells: Object.fromEntries(Object.entries(cells).map(([k, v]) => [columnIds.get(k) ?? k, v])),
      ...scopeOf(copy),
    });
  }
  const mapIds = (list: unknown, map: Map<string, string>) => ids(list).flatMap((id) => map.get(id) ?? []);
  call.store.put('shows', {
    ...copy,
    rowOrder: mapIds(source.rowOrder, rowIds),
    columnOrder: mapIds(source.columnOrder, columnIds),
    guestPassColumns: mapIds(source.guestPassColumns, columnIds),
  });
}

function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += ch;
    }
  }
  cells.push(cell);
  return cells;
}

/** Every view of `view-names.ts`, each once: a name without code (or code without a name) fails `tsc`. */
const views: Record<ViewKey, View> = { ...base, ...itemSetViews, ...moreViews };

export function viewOf(name: string): View | undefined {
  return views[(name.split(':')[0] ?? '') as ViewKey];
}
