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
