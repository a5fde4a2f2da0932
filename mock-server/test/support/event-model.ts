import { operationTable } from '@runofshow/sdk';
import fc from 'fast-check';
import type { EngineOperationId } from '../../src/sandbox/effects/types.js';

// Issue 31's model-based test: random sequences of §4's event lifecycle (create, read, rename, archive, soft delete,
// restore, permanent delete, the team's archived and deleted lists), by the team admin and by a reader with no role on
// the new events, against a reference model written from §4 and §6 and DECISIONS.md, not from the engine's code.

export const TEAM = '65a1f0c2e4b0a1b2c3d4e5f7';
export const ADMIN = 'ada@example.com';
/** readOnly on the seeded event only: the events the walk creates are not theirs to see (§6). */
export const OUTSIDER = 'readonly@example.com';

export interface Answer {
  status: number;
  body: unknown;
}

/** One call by one of the two callers, through whichever transport the test drives. */
export type Send = (
  who: typeof ADMIN | typeof OUTSIDER,
  operationId: EngineOperationId,
  path: Record<string, string>,
  body?: Record<string, unknown>,
) => Promise<Answer>;

interface ModelEvent {
  id: string;
  title: string;
  archived: boolean;
  deleted: boolean;
  gone: boolean;
}

export interface Model {
  events: ModelEvent[];
}

export interface Real {
  send: Send;
  /** Every divergence, printed with the shrunk sequence when the property fails. */
  log: string[];
}

const NEVER = 'f00000000000000000000000';

/** The i-th event the walk created (any state), or an id no event ever had. */
const pick = (model: Model, i: number) => (model.events.length ? model.events[i % model.events.length] : undefined);

function expectStatus(real: Real, label: string, answer: Answer, expected: number[]): void {
  if (!expected.includes(answer.status)) {
    const message = `${label}: answered ${answer.status}, the model says ${expected.join(' or ')} (${JSON.stringify(answer.body).slice(0, 200)})`;
    real.log.push(message);
    throw new Error(message);
  }
}

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

const ok = (operationId: EngineOperationId) =>
  operationTable[operationId].method === 'POST' ? [200, 201] : [200, 204];

class Create implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: typeof ADMIN | typeof OUTSIDER,
    readonly title: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const answer = await real.send(
      this.who,
      'events.create',
      { teamId: TEAM },
      {
        title: this.title,
        startOn: '2026-09-18T13:00:00Z',
        endOn: '2026-09-18T22:00:00Z',
      },
    );
    if (this.who === OUTSIDER) return expectStatus(real, this.toString(), answer, [403]);
    expectStatus(real, this.toString(), answer, [201]);
    const id = field(answer.body, '_id');
    if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id)) throw new Error(`${this}: no fresh id`);
    model.events.push({ id, title: this.title, archived: false, deleted: false, gone: false });
  }
  toString = () => `create(${this.who}, ${JSON.stringify(this.title)})`;
}

class Read implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: typeof ADMIN | typeof OUTSIDER,
    readonly at: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const event = pick(model, this.at);
    const answer = await real.send(this.who, 'events.get', { eventId: event?.id ?? NEVER });
    // §6: a refusal is decided before the record is looked up, so it never tells whether an event exists.
    if (this.who === OUTSIDER) return expectStatus(real, this.toString(), answer, [403]);
    if (!event || event.gone) return expectStatus(real, this.toString(), answer, [404]);
    expectStatus(real, this.toString(), answer, [200]);
    const seen = { title: field(answer.body, 'title'), archived: field(answer.body, 'archived') ?? false };
    const wanted = { title: event.title, archived: event.archived };
    if (JSON.stringify(seen) !== JSON.stringify(wanted)) {
      const message = `${this}: read ${JSON.stringify(seen)}, the model holds ${JSON.stringify(wanted)}`;
      real.log.push(message);
      throw new Error(message);
    }
  }
  toString = () => `get(${this.who}, #${this.at})`;
}

type Step = 'rename' | 'archive' | 'delete' | 'restore' | 'deletePermanently';

const STEP_OPERATION: Record<Step, EngineOperationId> = {
  rename: 'events.update',
  archive: 'events.archive',
  delete: 'events.delete',
  restore: 'events.restore',
  deletePermanently: 'events.deletePermanently',
};

/** §4's transitions as the model allows them (DECISIONS.md): true when allowed, with the state they leave. */
function transition(step: Step, event: ModelEvent): boolean {
  switch (step) {
    case 'rename':
      return !event.archived;
    case 'archive':
      if (event.archived || event.deleted) return false;
      event.archived = true;
      return true;
    case 'delete':
      if (event.deleted) return false;
      event.deleted = true;
      return true;
    case 'restore':
      if (!event.archived && !event.deleted) return false;
      event.archived = false;
      event.deleted = false;
      return true;
    case 'deletePermanently':
      if (!event.deleted) return false;
      event.gone = true;
      return true;
  }
}

class Change implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: typeof ADMIN | typeof OUTSIDER,
    readonly step: Step,
    readonly at: number,
    readonly title: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const event = pick(model, this.at);
    const operationId = STEP_OPERATION[this.step];
    const answer = await real.send(
      this.who,
      operationId,
      { eventId: event?.id ?? NEVER, teamId: TEAM },
      this.step === 'rename' ? { title: this.title } : {},
    );
    if (this.who === OUTSIDER) return expectStatus(real, this.toString(), answer, [403]);
    if (!event || event.gone) return expectStatus(real, this.toString(), answer, [404]);
    const next = { ...event };
    if (!transition(this.step, next)) return expectStatus(real, this.toString(), answer, [409]);
    expectStatus(real, this.toString(), answer, ok(operationId));
    if (this.step === 'rename') next.title = this.title;
    Object.assign(event, next);
  }
  toString = () =>
    `${this.step}(${this.who}, #${this.at}${this.step === 'rename' ? `, ${JSON.stringify(this.title)}` : ''})`;
}

class Lists implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const mine = new Set(model.events.map((e) => e.id));
    for (const [operationId, wanted] of [
      ['events.listArchivedByTeam', (e: ModelEvent) => !e.gone && e.archived && !e.deleted],
      ['events.listDeletedByTeam', (e: ModelEvent) => !e.gone && e.deleted],
    ] as const) {
      const answer = await real.send(ADMIN, operationId, { teamId: TEAM });
      expectStatus(real, operationId, answer, [200]);
      const items = Array.isArray(answer.body) ? answer.body : (field(answer.body, 'items') as unknown[] | undefined);
      const got = (items ?? [])
        .map((e) => String(field(e, '_id')))
        .filter((id) => mine.has(id))
        .sort();
      const expected = model.events
        .filter(wanted)
        .map((e) => e.id)
        .sort();
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        const message = `${operationId}: lists ${got.length} of the walk's events, the model ${expected.length}`;
        real.log.push(message);
        throw new Error(message);
      }
    }
  }
  toString = () => 'lists()';
}

const who = fc.constantFrom<typeof ADMIN | typeof OUTSIDER>(ADMIN, ADMIN, ADMIN, OUTSIDER);
const at = fc.nat({ max: 3 });
/** Titles the description accepts (Prism refuses the others before the sandbox sees them). */
const title = fc.stringMatching(/^[A-Z][a-z]{2,8}( [A-Za-z0-9]{1,8})?$/);

export const commands = [
  fc.tuple(who, title).map(([w, t]) => new Create(w, t)),
  fc.tuple(who, at).map(([w, i]) => new Read(w, i)),
  fc
    .tuple(who, fc.constantFrom<Step>('rename', 'archive', 'delete', 'restore', 'deletePermanently'), at, title)
    .map(([w, s, i, t]) => new Change(w, s, i, t)),
  fc.constant(new Lists()),
];
