import { describe, expect, it } from 'vitest';
import { SEEDED } from '../src/sandbox/engine/seed-state.js';
import { startEngine } from '../src/sandbox/engine/start.js';

// Issue 31: a show of 100,000 rows. Reading its running order checked every id against the schema on every read
// (696 ms at p50 on this machine); an order is checked once per stored order now, so a read costs a copy.
describe('a show of 100,000 rows', () => {
  it("answers its row order (the first 5,000, the schema's maxItems), unchanged, in milliseconds", async () => {
    const engine = startEngine();
    const show = engine.store.get('shows', SEEDED.showId);
    const order = Array.from({ length: 100_000 }, (_, i) => i.toString(16).padStart(24, '0'));
    if (show) engine.store.put('shows', { ...show, rowOrder: order });
    const caller = engine.store.get('users', '65a1f0c2e4b0a1b2c3d4e5f6');
    const read = () =>
      engine.answer({
        operationId: 'itemSets.getRowOrder',
        path: {
          teamId: '65a1f0c2e4b0a1b2c3d4e5f7',
          eventId: SEEDED.eventId,
          showId: SEEDED.showId,
          itemSetListId: SEEDED.itemSetListId,
        },
        query: new URLSearchParams(),
        body: {},
        ...(caller ? { caller } : {}),
      });
    const first = await read();
    expect(first.status).toBe(200);
    expect((first.body as { rowOrder: string[] }).rowOrder).toEqual(order.slice(0, 5_000));
    const samples: number[] = [];
    for (let i = 0; i < 9; i++) {
      const start = performance.now();
      await read();
      samples.push(performance.now() - start);
    }
    const median = samples.sort((a, b) => a - b)[4] ?? Number.POSITIVE_INFINITY;
    console.log(`itemSets.getRowOrder of 100,000 rows: median ${median.toFixed(2)} ms of 9 reads`);
    // The goal is 20 ms at p99 (issue 31); a median under 10 ms leaves room for a loaded machine.
    expect(median).toBeLessThan(10);
  });
});

describe('a restored row', () => {
  it('goes back to its old place, even when the row before it was deleted and restored in between', async () => {
    const engine = startEngine();
    const caller = engine.store.get('users', '65a1f0c2e4b0a1b2c3d4e5f6');
    const path = {
      teamId: '65a1f0c2e4b0a1b2c3d4e5f7',
      eventId: SEEDED.eventId,
      showId: SEEDED.showId,
      itemSetListId: SEEDED.itemSetListId,
    };
    const call = (
      operationId: 'itemSets.createRow' | 'itemSets.deleteRow' | 'itemSets.restoreRow',
      body: Record<string, unknown>,
    ) => engine.answer({ operationId, path, query: new URLSearchParams(), body, ...(caller ? { caller } : {}) });
    const row = async (title: string) =>
      ((await call('itemSets.createRow', { itemSetId: SEEDED.itemSetId, row: { title } })).body as { _id: string })._id;
    const a = await row('Opening');
    const b = await row('Closing');
    for (const [operationId, rowId] of [
      ['itemSets.deleteRow', a],
      ['itemSets.deleteRow', b],
      ['itemSets.restoreRow', a],
      ['itemSets.restoreRow', b],
    ] as const)
      expect((await call(operationId, { rowId })).status).toBe(200);
    const order = engine.store.get('shows', SEEDED.showId)?.rowOrder as string[];
    expect(order.slice(-2)).toEqual([a, b]);
  });
});

// Issue 31: the item set list a page at a time (`rowPage`, `rowSize`), so one page of a long show costs what a short one's
// does (`npm run mock:measure-rows` measures it at 100,000 rows). Here the pages' contents, on a show of 250.
describe('the item set list, a page at a time', () => {
  it('walks the running order in pages with its total, leaving out deleted rows, and keeps the whole read', async () => {
    const engine = startEngine();
    const show = engine.store.get('shows', SEEDED.showId);
    const row = (i: number, deleted: boolean) => ({
      _id: `${deleted ? 'd' : 'a'}${i.toString(16).padStart(23, '0')}`,
      showId: SEEDED.showId,
      itemSetListId: SEEDED.itemSetListId,
      itemSetId: SEEDED.itemSetId,
      title: `Row ${i}`,
      cells: {},
      deleted,
    });
    const live = Array.from({ length: 250 }, (_, i) => row(i, false));
    for (const r of [...live, row(0, true)]) engine.store.put('rows', r);
    const order = live.map((r) => r._id).reverse();
    if (show) engine.store.put('shows', { ...show, rowOrder: order });
    const caller = engine.store.get('users', '65a1f0c2e4b0a1b2c3d4e5f6');
    const read = async (query: Record<string, string>) => {
      const answer = await engine.answer({
        operationId: 'shows.getItemSetList',
        path: { teamId: '65a1f0c2e4b0a1b2c3d4e5f7', eventId: SEEDED.eventId, showId: SEEDED.showId },
        query: new URLSearchParams(query),
        body: {},
        ...(caller ? { caller } : {}),
      });
      expect(answer.status).toBe(200);
      const body = answer.body as { rowTotal?: number; itemSets: { rows: { _id: string }[] }[] };
      return { total: body.rowTotal, ids: body.itemSets[0]?.rows.map((r) => r._id) ?? [] };
    };
    const pages = [
      await read({ rowSize: '100' }),
      await read({ rowPage: '2', rowSize: '100' }),
      await read({ rowPage: '3', rowSize: '100' }),
    ];
    expect(pages.map((p) => [p.total, p.ids.length])).toEqual([
      [250, 100],
      [250, 100],
      [250, 50],
    ]);
    expect(pages.flatMap((p) => p.ids)).toEqual(order);
    expect(await read({ rowPage: '4', rowSize: '100' })).toEqual({ total: 250, ids: [] });
    // Without `rowSize`: every row, the running order then the deleted one, and no total.
    expect(await read({})).toEqual({ total: undefined, ids: [...order, row(0, true)._id] });
  });
});
