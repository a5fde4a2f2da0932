import { operationTable } from '@runofshow/sdk';
import fc from 'fast-check';
import type { EngineOperationId } from '../../src/sandbox/effects/types.js';

// Issue 31's model-based test, past the event: §4's lifecycles of shows, folders (file system objects), item rows and
// columns on the seeded event, called by five callers of §6 (team admin, event admin, contributor, readOnly, and a
// signed-in user with no role), against a reference model written from §4, §6 and openapi/DECISIONS.md ("Lifecycles
// §4 leaves not shown", "Who may call what"), not from the engine's code. Each answer's status, the flags a read
// shows, and what each list shows (in order, for rows and columns) must be what the model says.

export const TEAM = '65a1f0c2e4b0a1b2c3d4e5f7';
const EVENT = '65a1f0c2e4b0a1b2c3d4e601';
const SHOW = '65a1f0c2e4b0a1b2c3d4e602';
const LIST = '65a1f0c2e4b0a1b2c3d4e603';
const ITEM_SET = '65a1f0c2e4b0a1b2c3d4e604';
const NEVER = 'f00000000000000000000000';

/** §6's holders on the seeded event (mock-server/CATALOGUE.md's role accounts) and an outsider. */
export const CALLERS = {
  teamAdmin: 'ada@example.com',
  eventAdmin: 'event.admin@example.com',
  contributor: 'contributor@example.com',
  readOnly: 'readonly@example.com',
  outsider: 'grace@example.com',
} as const;
type Who = (typeof CALLERS)[keyof typeof CALLERS];

/** What each rule lets through, from §6: readers, contributors (and admins), event admins (and team admins). */
const MAY = {
  read: new Set<Who>([CALLERS.teamAdmin, CALLERS.eventAdmin, CALLERS.contributor, CALLERS.readOnly]),
  contribute: new Set<Who>([CALLERS.teamAdmin, CALLERS.eventAdmin, CALLERS.contributor]),
  administer: new Set<Who>([CALLERS.teamAdmin, CALLERS.eventAdmin]),
};
type Need = keyof typeof MAY;

export interface Answer {
  status: number;
  body: unknown;
}

export type Send = (
  who: Who,
  operationId: EngineOperationId,
  path: Record<string, string>,
  body?: Record<string, unknown>,
) => Promise<Answer>;

interface Thing {
  id: string;
  archived: boolean;
  deleted: boolean;
  gone: boolean;
}

export interface Model {
  shows: Thing[];
  folders: Thing[];
  /** In creation order: a restored row goes back to its old place. */
  rows: Thing[];
  /** In the shared order: a restored column goes to the end. */
  columns: Thing[];
}

export const emptyModel = (): Model => ({ shows: [], folders: [], rows: [], columns: [] });

/** Names unique in the process: a walk over HTTP shares one server, where a folder's name must be new (409). */
let made = 0;

export interface Real {
  send: Send;
  log: string[];
}

type Kind = 'shows' | 'folders' | 'rows' | 'columns';
type Step = 'archive' | 'delete' | 'restore' | 'deletePermanently';

const pathOf = (kind: Kind, id: string): Record<string, string> =>
  kind === 'shows'
    ? { teamId: TEAM, eventId: EVENT, showId: id }
    : kind === 'folders'
      ? { eventId: EVENT, id }
      : { teamId: TEAM, eventId: EVENT, showId: SHOW, itemSetListId: LIST };

/** Each kind's calls and who may make them (the operations' descriptions). */
const CALLS: Record<
  Kind,
  { create: EngineOperationId; read?: EngineOperationId } & Partial<Record<Step, [EngineOperationId, Need]>>
> = {
  shows: {
    create: 'shows.create',
    read: 'shows.get',
    archive: ['shows.archive', 'administer'],
    delete: ['shows.delete', 'administer'],
    restore: ['shows.restore', 'administer'],
    deletePermanently: ['shows.deletePermanently', 'administer'],
  },
  folders: {
    create: 'fsObjects.createFolder',
    read: 'fsObjects.get',
    archive: ['fsObjects.archive', 'contribute'],
    delete: ['fsObjects.delete', 'contribute'],
    restore: ['fsObjects.restore', 'contribute'],
    deletePermanently: ['fsObjects.deletePermanently', 'administer'],
  },
  rows: {
    create: 'itemSets.createRow',
    delete: ['itemSets.deleteRow', 'contribute'],
    restore: ['itemSets.restoreRow', 'contribute'],
  },
  columns: {
    create: 'columns.create',
    delete: ['columns.delete', 'contribute'],
    restore: ['columns.restore', 'contribute'],
  },
};

/**
 * §4 as DECISIONS.md runs it: archive takes a live record only; soft delete a record not deleted yet (an archived one
 * too); restore one that is deleted or archived, clearing both; permanent delete a show at any time, a folder only
 * once soft-deleted. False: the call answers 409 and nothing changes.
 */
function transition(kind: Kind, step: Step, thing: Thing): boolean {
  switch (step) {
    case 'archive':
      if (thing.archived || thing.deleted) return false;
      thing.archived = true;
      return true;
    case 'delete':
      if (thing.deleted) return false;
      thing.deleted = true;
      return true;
    case 'restore':
      if (!thing.archived && !thing.deleted) return false;
      thing.archived = false;
      thing.deleted = false;
      return true;
    case 'deletePermanently':
      if (kind === 'folders' && !thing.deleted) return false;
      thing.gone = true;
      return true;
  }
}

function fail(real: Real, message: string): never {
  real.log.push(message);
  throw new Error(message);
}

function expectStatus(real: Real, label: string, answer: Answer, expected: number[]): void {
  if (!expected.includes(answer.status))
    fail(
      real,
      `${label}: answered ${answer.status}, the model says ${expected.join(' or ')} (${JSON.stringify(answer.body).slice(0, 200)})`,
    );
}

const ok = (operationId: EngineOperationId) =>
  operationTable[operationId].method === 'POST' ? [200, 201] : [200, 204];
const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
const pick = (things: Thing[], i: number) => (things.length ? things[i % things.length] : undefined);

class Create implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly kind: Kind,
    readonly who: Who,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const operationId = CALLS[this.kind].create;
    const name = `Made ${++made}`;
    const body =
      this.kind === 'shows'
        ? { title: name }
        : this.kind === 'folders'
          ? { name }
          : this.kind === 'rows'
            ? { itemSetId: ITEM_SET, row: { title: name } }
            : { title: name, type: 'text' };
    const { showId: _s, id: _i, ...path } = pathOf(this.kind, '');
    const answer = await real.send(
      this.who,
      operationId,
      this.kind === 'shows' || this.kind === 'folders' ? path : pathOf(this.kind, ''),
      body,
    );
    if (!MAY.contribute.has(this.who)) return expectStatus(real, this.toString(), answer, [403]);
    // A create answers 201 whatever its method (the row and column creates are PUTs).
    expectStatus(real, this.toString(), answer, [200, 201]);
    const id = field(answer.body, this.kind === 'columns' ? 'columnId' : '_id') ?? field(answer.body, '_id');
    if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id)) fail(real, `${this}: no fresh id`);
    model[this.kind].push({ id, archived: false, deleted: false, gone: false });
  }
  toString = () => `create ${this.kind.slice(0, -1)}(${this.who})`;
}

class Change implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly kind: Kind,
    readonly step: Step,
    readonly who: Who,
    readonly at: number,
  ) {}
  check = () => CALLS[this.kind][this.step] !== undefined;
  async run(model: Model, real: Real): Promise<void> {
    const [operationId, need] = CALLS[this.kind][this.step] ?? ['shows.get', 'read'];
    const thing = pick(model[this.kind], this.at);
    const id = thing?.id ?? NEVER;
    const body = this.kind === 'rows' ? { rowId: id } : this.kind === 'columns' ? { columnId: id } : {};
    const answer = await real.send(this.who, operationId, pathOf(this.kind, id), body);
    // §6: a refusal is decided before the record is looked up.
    if (!MAY[need].has(this.who)) return expectStatus(real, this.toString(), answer, [403]);
    if (!thing || thing.gone) return expectStatus(real, this.toString(), answer, [404]);
    const next = { ...thing };
    if (!transition(this.kind, this.step, next)) return expectStatus(real, this.toString(), answer, [409]);
    expectStatus(real, this.toString(), answer, ok(operationId));
    Object.assign(thing, next);
    // "a restored column [goes] to the end of the shared order"
    if (this.kind === 'columns' && this.step === 'restore')
      model.columns.push(...model.columns.splice(model.columns.indexOf(thing), 1));
  }
  toString = () => `${this.step} ${this.kind.slice(0, -1)}(${this.who}, #${this.at})`;
}

class Read implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly kind: 'shows' | 'folders',
    readonly who: Who,
    readonly at: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const thing = pick(model[this.kind], this.at);
    const answer = await real.send(
      this.who,
      CALLS[this.kind].read ?? 'shows.get',
      pathOf(this.kind, thing?.id ?? NEVER),
    );
    if (!MAY.read.has(this.who)) return expectStatus(real, this.toString(), answer, [403]);
    if (!thing || thing.gone) return expectStatus(real, this.toString(), answer, [404]);
    expectStatus(real, this.toString(), answer, [200]);
    const seen = { archived: field(answer.body, 'archived') ?? false, deleted: field(answer.body, 'deleted') ?? false };
    const wanted = { archived: thing.archived, deleted: thing.deleted };
    if (JSON.stringify(seen) !== JSON.stringify(wanted))
      fail(real, `${this}: read ${JSON.stringify(seen)}, the model holds ${JSON.stringify(wanted)}`);
  }
  toString = () => `read ${this.kind.slice(0, -1)}(${this.who}, #${this.at})`;
}

/** The ids an answer lists: an array of ids or of records, or the first array a page or an item set list holds. */
function listed(body: unknown, key: string): string[] {
  const items = Array.isArray(body) ? body : (field(body, key) as unknown[] | undefined);
  return (items ?? []).map((item) =>
    typeof item === 'string' ? item : String(field(item, 'columnId') ?? field(item, '_id')),
  );
}

/** What the lists show of the walk's records: live shows, explicitly archived folders, live rows and columns in order. */
class Lists implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: Who) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const live = (t: Thing) => !t.gone && !t.archived && !t.deleted;
    const views: [EngineOperationId, Record<string, string>, string, Thing[], boolean][] = [
      ['events.listShows', { eventId: EVENT }, 'shows', model.shows.filter(live), false],
      [
        'fsObjects.listArchived',
        { eventId: EVENT },
        'items',
        model.folders.filter((f) => !f.gone && f.archived && !f.deleted),
        false,
      ],
      ['itemSets.getRowOrder', pathOf('rows', ''), 'rowOrder', model.rows.filter(live), true],
      ['columns.listTitles', pathOf('columns', ''), 'columns', model.columns.filter(live), true],
    ];
    for (const [operationId, path, key, wanted, ordered] of views) {
      const answer = await real.send(this.who, operationId, path);
      if (!MAY.read.has(this.who)) {
        expectStatus(real, `${operationId}(${this.who})`, answer, [403]);
        continue;
      }
      expectStatus(real, `${operationId}(${this.who})`, answer, [200]);
      const mine = new Set([...model.shows, ...model.folders, ...model.rows, ...model.columns].map((t) => t.id));
      const got = listed(answer.body, key).filter((id) => mine.has(id));
      const expected = wanted.map((t) => t.id);
      const same = ordered
        ? JSON.stringify(got) === JSON.stringify(expected)
        : JSON.stringify([...got].sort()) === JSON.stringify([...expected].sort());
      if (!same)
        fail(real, `${operationId}(${this.who}): lists ${JSON.stringify(got)}, the model ${JSON.stringify(expected)}`);
    }
  }
  toString = () => `lists(${this.who})`;
}

/** Mostly callers who may act, so the lifecycles go deep; the others prove the refusals. */
const who = fc.constantFrom<Who>(
  CALLERS.teamAdmin,
  CALLERS.eventAdmin,
  CALLERS.eventAdmin,
  CALLERS.contributor,
  CALLERS.contributor,
  CALLERS.readOnly,
  CALLERS.outsider,
);
const at = fc.nat({ max: 3 });
const kind = fc.constantFrom<Kind>('shows', 'folders', 'rows', 'columns');
const step = fc.constantFrom<Step>('archive', 'delete', 'restore', 'deletePermanently');

const create = fc.tuple(kind, who).map(([k, w]) => new Create(k, w));
const change = fc
  .tuple(kind, step, who, at)
  .filter(([k, s]) => CALLS[k][s] !== undefined)
  .map(([k, s, w, i]) => new Change(k, s, w, i));

/** Weighted so that a sequence goes deep into each lifecycle: creates and transitions first, reads and lists less. */
export const commands = [
  create,
  create,
  change,
  change,
  change,
  change,
  fc.tuple(fc.constantFrom<'shows' | 'folders'>('shows', 'folders'), who, at).map(([k, w, i]) => new Read(k, w, i)),
  who.map((w) => new Lists(w)),
];
