import { describe, expect, it } from 'vitest';
import { readRule } from '../src/control/api.js';
import { callsOf, expectCalled, expectNoWriteAppliedTwice } from '../src/control/assert.js';
import { FaultEngine } from '../src/control/faults.js';
import { Journal, type JournalEntry, journalBody } from '../src/control/journal.js';
import { readPrefer } from '../src/control/prefer.js';

// The fault engine, `Prefer`, the journal and the assertion helper on their own (issue 32): milliseconds, no server.
const call = (operationId: string | undefined, requestId?: string) => ({ operationId, requestId });

describe('the fault engine', () => {
  it('faults the next N calls of the operations a rule names (ids or globs), then lets them pass', () => {
    const engine = new FaultEngine();
    engine.add({ operations: ['auth.login'], fault: { kind: 'status', status: 503 }, times: 2 });
    engine.add({ operations: ['events.*'], latency: { min: 40, max: 40 } });
    const logins = [1, 2, 3].map(() => engine.decide(call('auth.login')).fault?.kind ?? 'pass');
    expect(logins).toEqual(['status', 'status', 'pass']);
    expect(engine.decide(call('events.create')).latencyMs).toBe(40);
    expect(engine.decide(call('shows.create'))).toEqual({ latencyMs: 0 });
    // The spent rule is gone from the list; the latency rule stays.
    expect(engine.rules().map((r) => r.operations)).toEqual([['events.*']]);
    // A request for no operation of the description is never faulted.
    engine.add({ fault: { kind: 'cut' } });
    expect(engine.decide(call(undefined)).fault).toBeUndefined();
  });

  it('draws a probability from its seed, so the same rule over the same calls faults the same ones', () => {
    const pattern = () => {
      const engine = new FaultEngine();
      engine.add({ fault: { kind: 'status', status: 500 }, probability: 0.3, seed: 42 });
      return Array.from({ length: 40 }, () => (engine.decide(call('tokens.isValid')).fault ? 'x' : '.')).join('');
    };
    const first = pattern();
    expect(pattern()).toBe(first);
    const faulted = first.split('x').length - 1;
    expect(faulted).toBeGreaterThan(4);
    expect(faulted).toBeLessThan(24);
  });

  it('faults a call once at most by its request id, and not a call without one, when asked (the drill)', () => {
    const engine = new FaultEngine();
    engine.add({ fault: { kind: 'lost', as: 'cut' }, oncePerRequest: true });
    expect(engine.decide(call('users.create', 'r-1')).fault).toEqual({ kind: 'lost', as: 'cut' });
    expect(engine.decide(call('users.create', 'r-1')).fault).toBeUndefined();
    expect(engine.decide(call('users.create')).fault).toBeUndefined();
  });

  it('ends a rule given a time window when the window closes', () => {
    let now = 0;
    const engine = new FaultEngine(() => now);
    engine.add({ fault: { kind: 'stall', ms: 10 }, forMs: 100 });
    expect(engine.decide(call('auth.login')).fault?.kind).toBe('stall');
    now = 100;
    expect(engine.decide(call('auth.login')).fault).toBeUndefined();
    expect(engine.rules()).toEqual([]);
  });

  it('takes a rule as the control API does, and says what is wrong with a bad one', () => {
    expect(readRule({ operations: ['auth.login'], latency: 200 })).toEqual({
      operations: ['auth.login'],
      latency: { min: 200, max: 200 },
    });
    expect(readRule({ fault: { kind: 'lost' } })).toEqual({ fault: { kind: 'lost', as: 'status' } });
    expect(readRule({ fault: { kind: 'status', status: 418 } })).toMatch(/^fault\.status: /);
    expect(readRule({ times: 2 })).toBe('body: a rule has a latency, a fault or both');
    expect(readRule({ latency: { min: 9, max: 1 } })).toMatch(/latency\.min is at most latency\.max/);
  });
});

describe('Prefer', () => {
  it('reads a fault or a latency for this call and leaves Prism’s preferences as they came', () => {
    expect(readPrefer('fault=429; retry-after=5')).toEqual({
      decision: { latencyMs: 0, by: 'prefer', fault: { kind: 'status', status: 429, retryAfter: 5 } },
      rest: undefined,
    });
    expect(readPrefer('code=404, fault=lost; as=cut')).toEqual({
      decision: { latencyMs: 0, by: 'prefer', fault: { kind: 'lost', as: 'cut' } },
      rest: 'code=404',
    });
    expect(readPrefer('fault=stall').decision?.fault).toEqual({ kind: 'stall', ms: 1000 });
    expect(readPrefer('latency=250').decision).toEqual({ latencyMs: 250, by: 'prefer' });
    expect(readPrefer('example=locked')).toEqual({ decision: undefined, rest: 'example=locked' });
    expect(readPrefer('fault=418').error).toBe('fault=418: a status of 429, 500, 502, 503, 504');
  });
});

const entry = (seq: number, fields: Partial<JournalEntry>): JournalEntry => ({
  seq,
  at: `2026-11-26T10:00:0${seq}.000Z`,
  method: 'POST',
  path: '/events',
  operationId: 'events.create',
  transport: 'http',
  requestId: `r-${seq}`,
  idempotencyKey: null,
  caller: null,
  status: 201,
  durationMs: 1,
  fault: null,
  applied: true,
  violations: [],
  body: null,
  ...fields,
});

describe('the journal', () => {
  it('keeps the newest entries up to its capacity, counts what it dropped, filters and clears', () => {
    const journal = new Journal(3);
    for (let i = 1; i <= 5; i++) journal.record(entry(journal.take(), { operationId: i % 2 ? 'a.b' : 'c.d' }));
    expect(journal.entries().map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(journal.dropped).toBe(2);
    expect(journal.entries({ operationId: 'a.b' }).map((e) => e.seq)).toEqual([3, 5]);
    expect(journal.entries({ requestId: 'r-4' }).map((e) => e.seq)).toEqual([4]);
    expect(
      journal.entries({ since: '2026-11-26T10:00:04.000Z', until: '2026-11-26T10:00:04.999Z' }).map((e) => e.seq),
    ).toEqual([4]);
    journal.clear();
    expect([journal.entries(), journal.dropped]).toEqual([[], 0]);
  });

  it('keeps no password, code or token of a body', () => {
    expect(journalBody({ email: 'a@b.c', password: 'x', nested: [{ totpCode: '1' }] })).toEqual({
      email: 'a@b.c',
      password: '[redacted]',
      nested: [{ totpCode: '[redacted]' }],
    });
  });
});

describe('the assertion helper', () => {
  it('counts the calls with a body, retries of one request as one', () => {
    const entries = [
      entry(1, { body: { title: 'Gala' }, status: 503, applied: false }),
      entry(2, { requestId: 'r-1', body: { title: 'Gala' } }),
      entry(3, { body: { title: 'Other' } }),
    ];
    expect(callsOf(entries, 'events.create', { title: 'Gala' })).toHaveLength(2);
    expectCalled(entries, 'events.create', { title: 'Gala' });
    expect(() => expectCalled(entries, 'events.create', { title: 'Gala' }, 2)).toThrow(
      'expected events.create with {"title":"Gala"} to be called 2 time(s), it was called 1 time(s) (2 exchange(s))',
    );
  });

  it('fails when one request id or idempotency key was applied twice', () => {
    expectNoWriteAppliedTwice([entry(1, {}), entry(2, { applied: false, requestId: 'r-1' })]);
    expect(() => expectNoWriteAppliedTwice([entry(1, {}), entry(2, { requestId: 'r-1' })])).toThrow(
      'events.create (request r-1) was applied twice: exchanges 1 and 2',
    );
    expect(() =>
      expectNoWriteAppliedTwice([entry(1, { idempotencyKey: 'k' }), entry(2, { idempotencyKey: 'k' })]),
    ).toThrow('events.create (key k) was applied twice: exchanges 1 and 2');
  });
});
