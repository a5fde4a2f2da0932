import { operationTable } from '@runofshow/sdk';
import { effects } from '../effects/index.js';
import { rulesOf } from '../effects/roles.js';
import type { Effect, EngineOperationId, Fields, Kind } from '../effects/types.js';
import type { Answer } from '../sandbox.js';
import { allowed, guestAllowed, seesPrivateShows } from './access.js';
import { fileSecret } from './files.js';
import { ID_FIELD, present } from './present.js';
import { isObject, newId, type Schemas } from './schema.js';
import type { Store, StoredRecord } from './store.js';
import { Turns } from './turns.js';
import { type View, viewOf } from './views.js';
import { checkVisible, listedFor, redactTeams } from './visibility.js';

/** A file part of a multipart upload: its bytes are kept, and answered back through the signed URLs. */
export interface Upload {
  bytes: Uint8Array;
  name: string;
  type: string;
}

export interface EngineRequest {
  operationId: EngineOperationId;
  path: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  files?: Record<string, Upload>;
  /** The signed-in user, when the call carried a live access token. */
  caller?: StoredRecord;
  accessToken?: string;
  /** The caller's network address, which the sign-in slice's lockout counts by. */
  client?: string;
}

/** The sign-in slice's rules for credentials, which the engine's token calls reuse rather than copy. */
export interface Credentials {
  login(email: string, password: string, code: string | undefined, client?: string): Promise<Answer>;
  changePassword(email: string, password: string, newPassword: string, client?: string, keep?: string): Promise<Answer>;
  inviteToTeam(email: string, teamId: string, url?: string): void;
  revokeInvitations(email: string, teamId: string): void;
}

/** The path parameters that name a record above the target: §3's chain team → event → show. */
const ANCESTORS: Readonly<Record<string, Kind>> = {
  teamId: 'teams',
  eventId: 'events',
  targetEventId: 'events',
  showId: 'shows',
  leadId: 'leads',
  userId: 'users',
};

/** The path parameter that names a record of each kind, when the operation does not say otherwise. */
const ID_PARAM: Partial<Record<Kind, string>> = {
  users: 'userId',
  teams: 'teamId',
  events: 'eventId',
  shows: 'showId',
  categories: 'categoryId',
  pdfPresets: 'presetId',
  eventDocs: 'eventDocId',
  fsObjects: 'id',
  labels: 'labelId',
  teamRoles: 'roleId',
  eventPermissions: 'permissionId',
  teamPermissions: 'permissionId',
  leads: 'leadId',
  tags: 'tagId',
  cards: 'stripeCardId',
  subscriptions: 'subscriptionId',
  subscriptionSchedules: 'subscriptionScheduleId',
  rows: 'rowId',
};

/** The scope fields a child record carries, copied from its path when it is created and matched when it is listed. */
export const SCOPE_FIELDS = ['teamId', 'eventId', 'showId', 'itemSetListId'] as const;

export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/**
 * Executes the effect tables over a store: one generic implementation per action, the scope checks of §3's chain, the
 * guards of §4's transitions, and an activity-audit record for every write. Every answer is shaped by the operation's
 * success schema in the bundle (`Schemas`), the one Prism's validating proxy checks it against.
 */
export class Engine {
  constructor(
    readonly store: Store,
    readonly schemas: Schemas,
    readonly clock: () => number = Date.now,
  ) {}

  static readonly operations = Object.keys(effects) as EngineOperationId[];

  #turns?: Turns;

  /** How a server runs a call over this engine's store (one at a time when the store is durable: `turns.ts`). */
  get turns(): Turns {
    this.#turns ??= new Turns(this.store);
    return this.#turns;
  }

  /**
   * Where the signed URLs lead: the mock's public address (the stack sets it once the front listens), whose
   * `/files/…` serves the stored bytes (`files.ts`). The mock's default address until then.
   */
  filesOrigin = 'http://127.0.0.1:4010';

  /** Set when the sign-in slice runs beside the engine (the sandbox server does it). */
  signIn?: Credentials;

  async answer(request: EngineRequest): Promise<Answer> {
    const effect = effects[request.operationId] as Effect | undefined;
    if (!effect) return this.problemAnswer(request.operationId, 501, 'The sandbox has no effect for this operation.');
    const call = new Call(this, request, effect);
    try {
      const need = rulesOf(request.operationId);
      // teamGuest takes a guest pass instead of an access token; with a token, the caller's membership decides.
      const byPass =
        need.includes('guest') || (need.includes('teamGuest') && !request.caller && request.query.has('guestPass'));
      if (byPass && !guestAllowed(call))
        return this.problemAnswer(request.operationId, 403, 'The guest pass does not open this event or show.');
      if (!need.includes('public') && !byPass) {
        // Prism checks that a token was sent; whether it is live, and whose, is the sandbox's to say.
        if (!request.caller)
          return this.problemAnswer(request.operationId, 401, 'The access token is missing, expired or revoked.');
        // Decided before the scope is checked, so a refusal never tells whether a record exists.
        const caller = request.caller;
        if (!need.every((rule) => allowed(call, rule, caller)))
          return this.problemAnswer(request.operationId, 403, `Only for: ${need.join(' and ')} (§6, DECISIONS.md).`);
        const show = request.path.showId ? this.store.get('shows', request.path.showId) : undefined;
        if (show?.private === true && !seesPrivateShows(call, request.caller, String(show.eventId)))
          return this.problemAnswer(request.operationId, 403, 'A private show is visible to event admins only.');
      }
      checkVisible(call);
      call.checkScope();
      const view = effect.view ? viewOf(effect.view) : undefined;
      return redactTeams(call, await (view ? view(call, effect.view?.split(':')[1] ?? '') : call.generic()));
    } catch (error) {
      if (error instanceof Problem) return this.problemAnswer(request.operationId, error.status, error.detail);
      throw error;
    }
  }

  /** A problem the operation declares: its status if declared, else the nearest one it does declare (422, 404, 409). */
  problemAnswer(operationId: string, status: number, detail: string): Answer {
    const declared = this.schemas.statuses(operationId);
    const chosen = [status, 409, 422, 404, 400].find((s) => declared.includes(s)) ?? status;
    const titles: Record<number, [string, string]> = {
      400: ['bad-request', 'Bad request'],
      401: ['unauthorized', 'Unauthorized'],
      403: ['forbidden', 'Forbidden'],
      404: ['not-found', 'Not found'],
      409: ['conflict', 'Conflict'],
      422: ['validation-failed', 'Validation failed'],
      501: ['not-implemented', 'Not implemented'],
    };
    const [slug, title] = titles[chosen] ?? ['error', 'Error'];
    return { status: chosen, body: { type: `https://errors.runofshow.dev/${slug}`, title, status: chosen, detail } };
  }
}

/** One call being executed: what the generic actions and the named views share. */
export class Call {
  readonly now: string;

  constructor(
    readonly engine: Engine,
    readonly request: EngineRequest,
    readonly effect: Effect,
  ) {
    this.now = new Date(engine.clock()).toISOString();
  }

  get store(): Store {
    return this.engine.store;
  }

  get body(): Record<string, unknown> {
    return this.request.body;
  }

  /** §3's chain: every record the path names above the target exists, is not deleted, and belongs where the path says. */
  checkScope(): void {
    const path = this.request.path;
    const own = ID_PARAM[this.effect.kind];
    for (const [param, kind] of Object.entries(ANCESTORS)) {
      const id = path[param];
      if (id === undefined || param === own) continue;
      const record = this.store.get(kind, id);
      if (!record || record.deleted === true) throw new Problem(404, `No such ${kind.slice(0, -1)}: ${id}.`);
      for (const field of SCOPE_FIELDS) {
        if (
          path[field] !== undefined &&
          record[field] !== undefined &&
          field !== param &&
          record[field] !== path[field]
        )
          throw new Problem(404, `No such ${kind.slice(0, -1)} in this ${field.replace('Id', '')}.`);
      }
    }
    const listId = path.itemSetListId;
    if (listId !== undefined && path.showId !== undefined) {
      if (this.store.get('shows', path.showId)?.itemSetList !== listId)
        throw new Problem(404, `No such item set list in this show: ${listId}.`);
    }
  }

  /** The value a locator (`path.x`, `body.x`, `query.x`) names. */
  locate(locator: string | undefined): string | undefined {
    if (!locator) {
      const param = ID_PARAM[this.effect.kind];
      return param ? this.request.path[param] : undefined;
    }
    if (locator === 'caller') return this.request.caller?._id;
    const [where, name = ''] = locator.split('.');
    const value =
      where === 'path'
        ? this.request.path[name]
        : where === 'query'
          ? (this.request.query.get(name) ?? undefined)
          : this.body[name];
    return typeof value === 'string' ? value : undefined;
  }

  /** The record acted on, in its scope, or the declared 404. */
  target(kind: Kind = this.effect.kind, id = this.locate(this.effect.target)): StoredRecord {
    const record = id === undefined ? undefined : this.store.get(kind, id);
    if (!record) throw new Problem(404, `No such ${kind.slice(0, -1)}: ${id ?? '(none)'}.`);
    for (const field of SCOPE_FIELDS) {
      const expected = this.request.path[field];
      if (expected !== undefined && record[field] !== undefined && record[field] !== expected && field !== 'teamId')
        throw new Problem(404, `No such ${kind.slice(0, -1)} here: ${id}.`);
    }
    return record;
  }

  /** The scope fields the path gives a new record (an event under a show's path gives its team too). */
  scopeFields(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const field of SCOPE_FIELDS) {
      const value = this.request.path[field];
      if (value !== undefined) out[field] = value;
    }
    const eventId = out.eventId;
    if (eventId && !out.teamId) {
      const teamId = this.store.get('events', eventId)?.teamId;
      if (typeof teamId === 'string') out.teamId = teamId;
    }
    if (this.request.path.targetEventId) out.eventId = this.request.path.targetEventId;
    return out;
  }

  /** A guard: each field (a dotted path reaches into a nested object) holds its value; a missing flag is false. */
  guard(record: StoredRecord, when: Fields | undefined): void {
    for (const [field, expected] of Object.entries(when ?? {})) {
      const actual = field
        .split('.')
        .reduce<unknown>((value, part) => (isObject(value) ? value[part] : undefined), record);
      if ((actual ?? (typeof expected === 'boolean' ? false : undefined)) !== expected)
        throw new Problem(409, `Not allowed while ${field} is ${String(actual ?? false)}.`);
    }
  }

  /** Stores a write and leaves its activity-audit record. */
  write(kind: Kind, record: StoredRecord, previous?: StoredRecord): StoredRecord {
    this.store.put(kind, record);
    // A document and its place in the file tree are archived, deleted, restored and renamed together.
    const placed =
      kind === 'eventDocs' && typeof record.objectId === 'string'
        ? this.store.get('fsObjects', record.objectId)
        : undefined;
    if (placed) {
      const { archived, deleted, name } = record;
      this.store.put('fsObjects', {
        ...placed,
        archived,
        deleted,
        name,
        sortableName: String(name).toLowerCase(),
        modifiedOn: this.now,
      });
    }
    this.audit(kind, record, previous);
    return record;
  }

  remove(kind: Kind, record: StoredRecord): void {
    this.store.remove(kind, record._id);
    this.cascade(kind, record._id);
    this.audit(kind, undefined, record);
  }

  /** A permanent delete takes the records below it with it (§3's chain), so none is left orphaned. */
  cascade(kind: Kind, id: string): void {
    const field = kind === 'events' ? 'eventId' : kind === 'shows' ? 'showId' : kind === 'teams' ? 'teamId' : undefined;
    if (field) {
      for (const child of CHILD_KINDS) {
        for (const record of [...this.store.all(child)]) {
          if (record[field] === id) {
            this.store.remove(child, record._id);
            this.cascade(child, record._id);
          }
        }
      }
    }
    if (kind === 'fsObjects') {
      for (const record of [...this.store.all('fsObjects')]) {
        if (record.parentId === id) this.remove('fsObjects', record);
      }
    }
  }

  audit(kind: Kind, record: StoredRecord | undefined, previous: StoredRecord | undefined): void {
    const spec = operationTable[this.request.operationId];
    if (!spec.write || kind === 'audits') return;
    const subject = record ?? previous;
    const caller = this.request.caller;
    const pick = (field: string) => {
      const value = this.request.path[field] ?? subject?.[field];
      return typeof value === 'string' ? value : null;
    };
    this.store.put('audits', {
      _id: newId(),
      methodName: this.request.operationId,
      userId: caller?._id ?? '000000000000000000000000',
      userName: caller ? `${caller.firstName} ${caller.lastName}` : 'Sandbox',
      teamId: pick('teamId'),
      eventId: pick('eventId'),
      showId: kind === 'shows' ? (subject?._id ?? null) : pick('showId'),
      rowId: kind === 'rows' ? (subject?._id ?? null) : null,
      columnId: kind === 'columns' ? (subject?._id ?? null) : null,
      kind,
      previousValue: previous ? present(this.store, kind, previous) : null,
      value: record ? present(this.store, kind, record) : null,
      createdOn: this.now,
    });
  }

  /** Fills what a new record lacks from its schema (ids, flags, times), so reads later answer the same values. */
  complete(kind: Kind, record: StoredRecord): StoredRecord {
    const schema = this.engine.schemas.success(this.request.operationId)?.schema;
    if (!schema) return record;
    const item = this.engine.schemas.itemOf(schema);
    const filled = this.engine.schemas.conform(item, present(this.store, kind, record), this.now);
    return isObject(filled) ? { ...filled, ...record } : record;
  }

  generic(): Answer {
    switch (this.effect.action) {
      case 'create':
        return this.respond(this.create());
      case 'read':
        return this.respond(present(this.store, this.effect.kind, this.target()));
      case 'update':
        return this.respond(present(this.store, this.effect.kind, this.update(this.body)));
      case 'transition':
        return this.respond(present(this.store, this.effect.kind, this.transition(this.effect.set ?? {})));
      case 'delete':
        return this.respondDeleted(this.delete());
      case 'upload':
        return this.respond(this.upload());
      case 'list':
      case 'report':
        return this.respondList(this.list());
    }
  }

  create(payload: Record<string, unknown> = this.body, extra: Record<string, unknown> = {}): Record<string, unknown> {
    const kind = this.effect.kind;
    const record = this.complete(kind, {
      // Every new show can be shared read-only at once (Show.guestPass; no call of the description turns it on).
      ...(kind === 'shows' ? { guestPass: `gp_${newId()}` } : {}),
      ...withoutIds(payload),
      ...this.scopeFields(),
      ...this.effect.set,
      ...extra,
      _id: newId(),
      createdBy: this.request.caller?._id,
      createdOn: this.now,
      modifiedOn: this.now,
    });
    this.write(kind, record);
    // §3/events.create: the caller becomes the owner and an event admin of the event they create.
    const caller = this.request.caller;
    if (kind === 'events' && caller && !this.request.path.eventId) {
      this.store.put('events', { ...record, owner: caller._id });
      this.store.put('eventRoles', { _id: newId(), eventId: record._id, userId: caller._id, role: 'admin' });
    }
    return present(this.store, kind, this.store.get(kind, record._id) ?? record);
  }

  update(payload: Record<string, unknown>, record = this.target()): StoredRecord {
    this.guard(record, this.effect.when);
    const next = { ...record, ...withoutIds(payload), ...this.effect.set, _id: record._id, modifiedOn: this.now };
    return this.write(this.effect.kind, next, record);
  }

  transition(set: Fields, record = this.target()): StoredRecord {
    this.guard(record, this.effect.when);
    return this.write(this.effect.kind, { ...record, ...set, modifiedOn: this.now }, record);
  }

  delete(record = this.target()): StoredRecord {
    this.guard(record, this.effect.when);
    if (this.effect.soft) return this.transition({ deleted: true }, record);
    this.remove(this.effect.kind, record);
    return record;
  }

  upload(): Record<string, unknown> {
    const file = this.request.files?.file;
    const kind = this.effect.kind;
    const blob = file ? this.storeBlob(file) : undefined;
    const meta = file ? { name: file.name, contentType: file.type, size: file.bytes.length, blobId: blob } : {};
    // A name sent with the upload is the document's name; the file's own name only when none was sent.
    const fields = {
      ...meta,
      ...this.body,
      size: meta.size,
      contentType: meta.contentType,
      uploadedBy: this.request.caller?._id,
    };
    if (this.locate(this.effect.target) !== undefined) {
      return present(this.store, kind, this.update(fields));
    }
    return this.create(fields, file ? {} : {});
  }

  storeBlob(file: Upload): string {
    const _id = newId();
    this.store.put('blobs', { _id, bytes: file.bytes, name: file.name, contentType: file.type, secret: fileSecret() });
    return _id;
  }

  /** The records of the kind in the path's scope, filtered, searched and ordered as the operation declares. */
  list(kind: Kind = this.effect.kind): StoredRecord[] {
    const scope = this.scopeFields();
    const filter = this.effect.filter ?? {};
    const query = this.request.query;
    const term = this.effect.search ? query.get(this.effect.search.param)?.toLowerCase() : undefined;
    const fields = this.effect.search?.fields ?? [];
    const from = query.get('from');
    const to = query.get('to');
    const seen = kind === this.effect.kind ? listedFor(this) : undefined;
    const records = [...this.store.all(kind)].filter((record) => {
      if (seen && !seen(record)) return false;
      for (const [field, value] of Object.entries(scope)) {
        if (field in record && record[field] !== value && !(kind === 'events' && field === 'eventId')) return false;
      }
      if (kind === 'events' && scope.eventId && record._id !== scope.eventId) return false;
      for (const [field, value] of Object.entries(filter)) if ((record[field] ?? false) !== value) return false;
      if (!('deleted' in filter) && record.deleted === true && query.get('includeDeleted') !== 'true') return false;
      // An archived record that is then deleted is in the "deleted" lists: it must be found there to restore or purge.
      if (!('archived' in filter) && !('deleted' in filter) && record.archived === true) return false;
      if (!('template' in filter) && record.template === true) return false;
      for (const param of QUERY_FILTERS) {
        const wanted = query.get(param);
        if (wanted !== null && param in record && String(record[param]) !== wanted) return false;
      }
      if (term && !fields.some((field) => textOf(record[field]).toLowerCase().includes(term))) return false;
      if (
        kind === 'shows' &&
        record.private === true &&
        !seesPrivateShows(this, this.request.caller, String(record.eventId))
      )
        return false;
      const created = typeof record.createdOn === 'string' ? record.createdOn : '';
      if (from && created && created < from) return false;
      if (to && created && created > `${to}\uffff`) return false;
      return true;
    });
    return this.effect.order === 'oldest' ? records : records.reverse();
  }

  /** An answer shaped by the operation's success response: a page, a count, an array or one object; CSV as text. */
  respond(value: unknown, status?: number): Answer {
    const shape = this.engine.schemas.success(this.request.operationId);
    if (!shape || shape.media === 'none') return { status: status ?? shape?.status ?? 204, body: undefined };
    if (shape.media === 'csv')
      return {
        status: status ?? shape.status,
        body: toCsv(value),
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      };
    const body = shape.schema ? this.engine.schemas.conform(shape.schema, value, this.now) : value;
    return { status: status ?? shape.status, body };
  }

  respondDeleted(record: StoredRecord): Answer {
    const shape = this.engine.schemas.success(this.request.operationId);
    const names = shape?.schema ? this.engine.schemas.propertiesOf(shape.schema) : [];
    if (names.includes('ok')) return this.respond({ ok: true, message: 'Deleted.' });
    return this.respond(present(this.store, this.effect.kind, record));
  }

  /** A list answer: a page (`page`/`size`/`total`), a count, or the array itself (paged when asked). */
  respondList(records: StoredRecord[], kind: Kind = this.effect.kind): Answer {
    const shape = this.engine.schemas.success(this.request.operationId);
    const query = this.request.query;
    const page = Math.max(1, Number(this.request.path.page ?? query.get('page') ?? 1));
    const size = Math.min(1000, Math.max(1, Number(this.request.path.size ?? query.get('size') ?? 50)));
    const names = shape?.schema ? this.engine.schemas.propertiesOf(shape.schema) : [];
    const shown = (slice: StoredRecord[]) => slice.map((record) => present(this.store, kind, record));
    if (names.includes('total')) {
      const itemsField = names.find((name) => !['page', 'size', 'total'].includes(name)) ?? 'items';
      const slice = records.slice((page - 1) * size, page * size);
      return this.respond({ [itemsField]: shown(slice), page, size, total: records.length });
    }
    if (names.includes('count') && names.length <= 2) return this.respond({ count: records.length });
    const paged = query.has('page') || query.has('size') ? records.slice((page - 1) * size, page * size) : records;
    return this.respond(shown(paged));
  }
}

export type { View };

const CHILD_KINDS: readonly Kind[] = [
  'events',
  'shows',
  'columns',
  'rows',
  'categories',
  'pdfPresets',
  'eventDocs',
  'fsObjects',
  'labels',
  'eventRoles',
  'eventPermissions',
  'userViews',
  'globalElementContainers',
];

/** Query parameters that filter a list by the record field of the same name. */
const QUERY_FILTERS = ['teamId', 'eventId', 'isTrialEvent', 'roleType', 'userId'];

/** A body's own id fields name the target; they are never copied onto a record. */
const withoutIds = (payload: Record<string, unknown>) => {
  const { _id, rowId, columnId, ...rest } = payload;
  return rest;
};

const textOf = (value: unknown): string =>
  Array.isArray(value) ? value.map(textOf).join(' ') : typeof value === 'string' ? value : '';

/** RFC 4180 CSV of the records' scalar fields, a header row first. */
export function toCsv(value: unknown): string {
  if (typeof value === 'string') return value;
  const rows = (Array.isArray(value) ? value : [value]).filter(isObject);
  const columns = [
    ...new Set(rows.flatMap((row) => Object.keys(row).filter((k) => !isObject(row[k]) && !Array.isArray(row[k])))),
  ];
  const cell = (v: unknown) => {
    const text = v === undefined || v === null ? '' : String(v);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${[columns.join(','), ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))].join('\r\n')}\r\n`;
}

export { ID_FIELD };
