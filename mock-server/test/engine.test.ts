import { readFileSync } from 'node:fs';
import { type ApiClient, ApiError, createApiClient } from '@runofshow/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import { paths } from '../src/paths.js';
import { effects } from '../src/sandbox/effects/index.js';
import { Engine } from '../src/sandbox/engine/engine.js';
import { serveFile, signedFileUrl } from '../src/sandbox/engine/files.js';
import { MemoryStore } from '../src/sandbox/engine/store.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { type RunningStack, startStack } from '../src/stack.js';
import { walkEveryOperation } from './support/every-operation.js';
import { quickHasher } from './support/quick-hasher.js';
import { sharedValidatingPrism } from './support/shared-validating-prism.js';

// Issue 31: every operation of the description answers from the sandbox's state, behind Prism's validating proxy on
// the real bundle (the contract), through the mock's public address. Any answer Prism made up from its examples, or
// found breaking the description, fails here.
let stack: RunningStack;
const broken: string[] = [];
const TEAM = '65a1f0c2e4b0a1b2c3d4e5f7';
const ADA = '65a1f0c2e4b0a1b2c3d4e5f6';

beforeAll(async () => {
  stack = await startStack({
    mockPort: await freePort(),
    sandbox: true,
    sandboxOptions: { hasher: quickHasher },
    validatingPrism: sharedValidatingPrism,
    onExchange: ({ method, path, status, violations }) => {
      for (const v of violations) broken.push(`${method} ${path} → ${status}: ${JSON.stringify(v)}`);
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const bundleOperations = (): string[] => {
  const bundle = JSON.parse(readFileSync(paths.bundle, 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.values(bundle.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.operationId ?? []));
};

describe('every operation has one declaration', () => {
  it('is the sign-in slice or has an effect, never both, never neither', () => {
    const signIn = new Set<string>(SignInSandbox.operations);
    const engine = new Set<string>(Engine.operations);
    const missing = bundleOperations().filter((id) => !signIn.has(id) && !engine.has(id));
    expect(missing).toEqual([]);
    expect([...engine].filter((id) => signIn.has(id))).toEqual([]);
    expect(signIn.size + engine.size).toBe(bundleOperations().length);
  });
});

const signedIn = async (): Promise<ApiClient> => {
  const anonymous = createApiClient({ endpoint: stack.mock.url, apiKey: 'engine-test', logger: false });
  const session = await anonymous.auth.login({ payload: { email: 'ada@example.com', password: SEED_PASSWORD } });
  return createApiClient({
    endpoint: stack.mock.url,
    apiKey: 'engine-test',
    logger: false,
    getAccessToken: () => session.accessToken,
  });
};

const statusOf = async (promise: Promise<unknown>): Promise<number> => {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
};

describe('a QA walk through the SDK: what each list shows after each step', () => {
  it('creates an event, two shows, rows and columns, reorders, uploads, archives, restores and deletes', async () => {
    const api = await signedIn();
    const mine = async () => (await api.events.listByUser({ params: { userId: ADA } })).length;
    const before = await mine();
    const event = await api.events.create({
      params: { teamId: TEAM },
      payload: { title: 'QA walk event', startOn: '2026-09-18T13:00:00Z', endOn: '2026-09-18T22:00:00Z' },
    });
    expect(event._id).toMatch(/^[0-9a-f]{24}$/);
    expect((await api.events.get({ params: { eventId: event._id } })).title).toBe('QA walk event');
    expect(await mine()).toBe(before + 1);

    const scope = { teamId: TEAM, eventId: event._id };
    const main = await api.shows.create({ params: scope, payload: { title: 'Main stage' } });
    const side = await api.lists.create({ params: scope, payload: { title: 'Crew list' } });
    const shows = await api.events.listShows({ params: { eventId: event._id } });
    expect(shows.map((s) => s.title).sort()).toEqual(['Crew list', 'Main stage']);
    expect(shows.find((s) => s._id === side._id)?.type).toBe('list');

    const list = { ...scope, showId: main._id, itemSetListId: main.itemSetList };
    const segment = await api.columns.create({ params: list, payload: { title: 'Segment', type: 'text' } });
    const itemSetId =
      (await api.shows.getItemSetList({ params: { ...scope, showId: main._id } })).itemSets[0]?._id ?? '';
    const rows = await api.itemSets.createRows({
      params: list,
      payload: { itemSetId, rows: ['Doors', 'Keynote', 'Reception'].map((title) => ({ title, duration: 600 })) },
    });
    expect(rows.map((r) => r.title)).toEqual(['Doors', 'Keynote', 'Reception']);
    await api.itemSets.updateItemRowCell({
      params: list,
      payload: { rowId: rows[1]?._id ?? '', columnId: segment._id, value: 'Opening keynote' },
    });
    const moved = await api.itemSets.moveRow({ params: list, payload: { rowId: rows[2]?._id ?? '', toIndex: 0 } });
    expect(moved.rowOrder).toEqual([rows[2]?._id, rows[0]?._id, rows[1]?._id]);
    const titles = await api.itemSets.listItemRowTitles({ params: list });
    expect(titles.map((t) => t.title)).toEqual(['Reception', 'Doors', 'Keynote']);
    const sheet = await api.shows.getItemSetList({ params: { ...scope, showId: main._id } });
    expect(sheet.itemSets[0]?.rows.find((r) => r._id === rows[1]?._id)?.cells).toEqual({
      [segment._id]: 'Opening keynote',
    });

    const doc = await api.eventDocs.upload({
      params: { eventId: event._id },
      payload: { name: 'Floor plan.pdf' },
      file: new Blob(['%PDF-1.7 floor plan'], { type: 'application/pdf' }),
      fileName: 'floor-plan.pdf',
    });
    expect(doc).toMatchObject({ name: 'Floor plan.pdf', size: 19, contentType: 'application/pdf' });
    expect((await api.eventDocs.list({ query: { eventId: event._id } })).map((d) => d._id)).toEqual([doc._id]);
    await api.eventDocs.archive({ params: { eventDocId: doc._id } });
    expect(await api.eventDocs.list({ query: { eventId: event._id } })).toEqual([]);
    await api.eventDocs.restore({ params: { eventDocId: doc._id } });
    expect((await api.eventDocs.list({ query: { eventId: event._id } })).length).toBe(1);

    await api.shows.archive({ params: { ...scope, showId: side._id } });
    expect((await api.events.listShows({ params: { eventId: event._id } })).map((s) => s.title)).toEqual([
      'Main stage',
    ]);
    await api.shows.restore({ params: { ...scope, showId: side._id } });
    await api.shows.delete({ params: { ...scope, showId: side._id } });
    expect((await api.events.listShows({ params: { eventId: event._id } })).map((s) => s.title)).toEqual([
      'Main stage',
    ]);
    await api.shows.deletePermanently({ params: { ...scope, showId: side._id } });
    expect(await statusOf(api.shows.get({ params: { ...scope, showId: side._id } }))).toBe(404);

    await api.events.archive({ params: { eventId: event._id } });
    expect((await api.events.listArchivedByTeam({ params: { teamId: TEAM } })).map((e) => e._id)).toContain(event._id);
    await api.events.restore({ params: { eventId: event._id } });
    await api.events.delete({ params: { eventId: event._id } });
    expect((await api.events.listDeletedByTeam({ params: { teamId: TEAM } })).map((e) => e._id)).toContain(event._id);
    await api.events.deletePermanently({ params: { eventId: event._id } });
    expect(await statusOf(api.events.get({ params: { eventId: event._id } }))).toBe(404);
    expect(await mine()).toBe(before);
    const audit = await api.activityAudits.listByTeam({ params: { teamId: TEAM }, query: { size: 100 } });
    expect(audit.map((a) => a.methodName)).toEqual(expect.arrayContaining(['events.create', 'itemSets.moveRow']));
    expect(broken).toEqual([]);
  }, 120_000);
});

describe('a transition that makes no sense answers the declared Problem, never a 500', () => {
  it('restoring a live event, a child of a deleted parent, a deleted show, a permanent delete of a live event', async () => {
    const api = await signedIn();
    const event = await api.events.create({
      params: { teamId: TEAM },
      payload: { title: 'Nonsense event', startOn: '2026-09-18T13:00:00Z', endOn: '2026-09-18T22:00:00Z' },
    });
    const scope = { teamId: TEAM, eventId: event._id };
    expect(await statusOf(api.events.restore({ params: { eventId: event._id } }))).toBe(409);
    expect(await statusOf(api.events.deletePermanently({ params: { eventId: event._id } }))).toBe(409);
    const show = await api.shows.create({ params: scope, payload: { title: 'Doomed show' } });
    await api.shows.delete({ params: { ...scope, showId: show._id } });
    expect(await statusOf(api.shows.delete({ params: { ...scope, showId: show._id } }))).toBe(409);
    await api.shows.deletePermanently({ params: { ...scope, showId: show._id } });
    expect(await statusOf(api.shows.get({ params: { ...scope, showId: show._id } }))).toBe(404);
    expect(await statusOf(api.shows.restore({ params: { ...scope, showId: show._id } }))).toBe(404);
    await api.events.delete({ params: { eventId: event._id } });
    expect(await statusOf(api.shows.create({ params: scope, payload: { title: 'Orphan' } }))).toBe(404);
    expect(await statusOf(api.events.archive({ params: { eventId: event._id } }))).toBe(409);
    expect(
      await statusOf(
        api.shows.get({ params: { teamId: TEAM, eventId: '0123456789abcdef01234567', showId: show._id } }),
      ),
    ).toBe(404);
    expect(broken).toEqual([]);
  }, 60_000);
});

// Last: the walk ends with §4's destructive transitions, the seeded team's soft delete among them.
// Before the walk over every operation, which deletes the seeded team.
describe('signed URLs', () => {
  it("serve the uploaded bytes at the mock's address, and nothing to a forged link", async () => {
    const api = await signedIn();
    const event = await api.events.create({
      params: { teamId: TEAM },
      payload: { title: 'Signed URL event', startOn: '2026-09-18T13:00:00Z', endOn: '2026-09-18T22:00:00Z' },
    });
    const doc = await api.eventDocs.upload({
      params: { eventId: event._id },
      payload: { name: 'Rider.pdf' },
      file: new Blob(['%PDF-1.7 technical rider'], { type: 'application/pdf' }),
      fileName: 'rider.pdf',
    });
    const { url } = await api.eventDocs.getSignedUrl({ query: { eventDocId: doc._id } });
    expect(url.startsWith(`${stack.mock.url}/files/`)).toBe(true);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.7 technical rider');

    const forged = new URL(url);
    forged.searchParams.set('expires', String(Number(forged.searchParams.get('expires')) + 3600));
    expect((await fetch(forged)).status).toBe(403);
  });

  it('stop serving once expired (the shortest ttl the description allows is 60 s, so on a stopped clock)', () => {
    const store = new MemoryStore();
    const blob = {
      _id: 'b'.repeat(24),
      bytes: Buffer.from('bytes'),
      name: 'a.txt',
      contentType: 'text/plain',
      secret: 's',
    };
    store.put('blobs', blob);
    const url = new URL(signedFileUrl('http://mock.test', blob, 1_000_000));
    expect(serveFile(store, url.pathname, url.searchParams, 999_000).status).toBe(200);
    expect(serveFile(store, url.pathname, url.searchParams, 1_001_000).status).toBe(410);
  });
});

describe('every operation answers from state behind the validating proxy', () => {
  it('answers each of the engine operations itself, within the contract', async () => {
    const outcomes = await walkEveryOperation(stack.mock.url);
    const byAction: Record<string, number> = {};
    for (const id of Engine.operations) byAction[effects[id].action] = (byAction[effects[id].action] ?? 0) + 1;
    const fromExamples = outcomes.filter((o) => o.answeredBy !== 'state').map((o) => `${o.operationId} ${o.status}`);
    const failures = outcomes.filter((o) => o.status >= 500).map((o) => `${o.operationId} ${o.status} ${o.detail}`);
    // A 4xx here is the sandbox's own verdict on the walk's state (a restore of a live schedule, a card a
    // subscription needs); it must be a Problem the operation declares.
    const refusals = outcomes.filter((o) => o.status >= 400 && o.status < 500);
    console.log(
      `engine operations by action: ${JSON.stringify(byAction)}; walk: ${outcomes.length} calls, ` +
        `${outcomes.length - refusals.length} 2xx, refusals: ${refusals.map((o) => `${o.operationId} ${o.status}`).join(', ')}`,
    );
    expect(outcomes.map((o) => o.operationId).sort()).toEqual([...Engine.operations].sort());
    expect(fromExamples).toEqual([]);
    expect(failures).toEqual([]);
    expect(refusals.filter((o) => ![404, 409, 422].includes(o.status))).toEqual([]);
    expect(broken).toEqual([]);
    // 27 s at rest, 107 s with the machine's two cores loaded (load average 20).
  }, 300_000);
});
