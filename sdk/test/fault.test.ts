import { afterEach, describe, expect, it } from 'vitest';
import { ApiCancelError, ApiError, createApiClient } from '../src/index.js';
import { type Fate, type FaultServer, random, startFaultServer } from './fault-server.js';

// FAULT_SEED replays a run; the default keeps the suite deterministic in what the server does.
const seed = Number(process.env.FAULT_SEED ?? 20_260_101);
const team = (n: number) => ({ title: `Team ${n}`, email: 'ops@example.com', defaultTimeZone: 'America/New_York' });
const timeoutMs = 150;

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Settles every promise or reports how many were still pending at the deadline. */
/**
 * Waits for every promise, or until none has settled for `stallMs`: a hang shows as no progress, not as a slow
 * machine (seven test suites on two cores make 1,000 writes take anywhere from 9 s to a minute).
 */
async function settleAll<T>(promises: Promise<T>[], stallMs: number) {
  let pending = promises.length;
  let lastProgress = performance.now();
  const tracked = promises.map((p) =>
    p.finally(() => {
      pending--;
      lastProgress = performance.now();
    }),
  );
  let timer: ReturnType<typeof setInterval> | undefined;
  const stalled = new Promise<'stalled'>((resolve) => {
    timer = setInterval(() => {
      if (performance.now() - lastProgress > stallMs) resolve('stalled');
    }, 250);
  });
  const outcome = await Promise.race([Promise.allSettled(tracked), stalled]);
  clearInterval(timer);
  return { results: outcome === 'stalled' ? [] : outcome, pending };
}

function counted(fetch: typeof globalThis.fetch) {
  const sent: number[] = [];
  const wrapped: typeof globalThis.fetch = (input, init) => {
    sent.push(performance.now());
    return fetch(input, init);
  };
  return { fetch: wrapped, sent };
}

/**
 * Sends `count` team creations, cancels them all after `cancelAfterMs`, settles them (see `settleAll`) and waits
 * `quietMs` for anything sent late: how each ended, how many were cancelled, and what was sent after the cancel.
 */
async function cancelWrites(
  server: FaultServer,
  count: number,
  { cancelAfterMs, stallMs, quietMs }: { cancelAfterMs: number; stallMs: number; quietMs: number },
) {
  const { fetch, sent } = counted(globalThis.fetch);
  const api = createApiClient({ endpoint: server.url, apiKey: 'k', fetch, logger: false });
  const writes = Array.from({ length: count }, (_, n) => api.teams.create({ payload: team(n) }));
  await new Promise((resolve) => setTimeout(resolve, cancelAfterMs));
  const cancelledAt = performance.now();
  api.cancelAll();
  const { results, pending } = await settleAll(writes, stallMs);
  await new Promise((resolve) => setTimeout(resolve, quietMs));
  const cancelled = results.filter((r) => r.status === 'rejected' && r.reason instanceof ApiCancelError).length;
  return { api, sent, results, pending, cancelled, sentAfterCancel: sent.filter((t) => t >= cancelledAt) };
}

describe('1,000 writes through a faulty network (§8, §9)', () => {
  it('applies every write once, in call order, and leaves no promise pending', async () => {
    const next = random(seed);
    const fault = (): Fate => {
      const roll = next();
      if (roll < 0.07) return 'drop';
      if (roll < 0.14) return 'bad-gateway';
      if (roll < 0.2) return 'applied-then-drop';
      if (roll < 0.21) return 'applied-then-late';
      if (roll < 0.3) return 'slow';
      return 'ok';
    };
    server = await startFaultServer({ fate: fault, lateMs: timeoutMs + 100 });
    const api = createApiClient({ endpoint: server.url, apiKey: 'k', timeoutMs, retry: { delayMs: 2 }, logger: false });

    const writes = Array.from({ length: 1000 }, (_, n) => api.teams.create({ payload: team(n) }));
    const started = performance.now();
    // The longest a single write may honestly take is 3 tries of 150 ms plus two gaps; 10 s without one settling is a hang.
    const { results, pending } = await settleAll(writes, 10_000);
    console.log(`1,000 faulty writes settled in ${Math.round(performance.now() - started)} ms`, server.fates);
    expect(pending, 'promises left pending').toBe(0);

    const applied = [...server.applied];
    expect(applied.length, 'writes applied twice').toBe(new Set(applied).size);
    expect(
      applied.every((n, i) => i === 0 || n > (applied[i - 1] ?? -1)),
      'writes applied out of call order',
    ).toBe(true);
    const failed: { n: number; requestId: string }[] = [];
    results.forEach((result, n) => {
      if (result.status === 'fulfilled') expect(applied, `write ${n} resolved but was not applied`).toContain(n);
      else {
        expect(result.reason).toBeInstanceOf(ApiError);
        failed.push({ n, requestId: (result.reason as ApiError).requestId ?? '' });
      }
    });
    // The faults the run was meant to survive did happen.
    for (const fate of ['drop', 'bad-gateway', 'applied-then-drop', 'applied-then-late', 'slow'] as const) {
      expect(server.fates[fate], fate).toBeGreaterThan(0);
    }

    // A write that ran out of tries is re-sent under its first request id: the idempotency store applies it once.
    for (let round = 0; failed.length && round < 5; round++) {
      const retried = await Promise.allSettled(
        failed.map(({ n, requestId }) =>
          api.teams.create({ payload: team(n), headers: { 'X-Request-Id': requestId } }),
        ),
      );
      const still = failed.filter((_, i) => retried[i]?.status === 'rejected');
      failed.splice(0, failed.length, ...still);
    }
    expect(failed, 'writes lost').toEqual([]);
    expect([...server.applied].sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, n) => n));
  }, 300_000);

  it('cancel during a retry: nothing hangs, nothing is sent after the cancel, nothing applies twice', async () => {
    // Every first try of a write is a 502, so the write in flight is always between tries.
    server = await startFaultServer({ fate: (_, attempt) => (attempt === 1 ? 'bad-gateway' : 'ok'), lateMs: 0 });
    const { api, results, pending, sentAfterCancel, cancelled } = await cancelWrites(server, 50, {
      cancelAfterMs: 450,
      stallMs: 2_000,
      quietMs: 300,
    });

    expect(pending).toBe(0);
    expect(sentAfterCancel).toEqual([]);
    const done = results.filter((r) => r.status === 'fulfilled').length;
    expect(done).toBeGreaterThan(0);
    expect(cancelled + done).toBe(50);
    // Applied once each, in order: the resolved writes, plus at most the one whose try reached the server just
    // before the cancel (its answer was dropped; re-sent under its request id, it would not apply again).
    expect(server.applied.slice(0, done)).toEqual(Array.from({ length: done }, (_, n) => n));
    expect(server.applied.length - done).toBeLessThanOrEqual(1);
    expect(new Set(server.applied).size).toBe(server.applied.length);
    await expect(api.teams.create({ payload: team(50) })).resolves.toMatchObject({ title: 'Team 50' });
  });

  it('cancel while writes are queued: the queued ones reject at once and are never sent', async () => {
    server = await startFaultServer({ fate: () => 'applied-then-late', lateMs: 60 });
    const { sent, pending, sentAfterCancel, cancelled } = await cancelWrites(server, 200, {
      cancelAfterMs: 200,
      stallMs: 1_000,
      quietMs: 200,
    });

    expect(pending).toBe(0);
    expect(sentAfterCancel).toEqual([]);
    expect(cancelled).toBeGreaterThan(190);
    expect(new Set(server.applied).size).toBe(server.applied.length);
    expect(sent.length).toBe(200 - cancelled + 1);
  });
});
