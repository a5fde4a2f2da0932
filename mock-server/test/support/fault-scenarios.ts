// Each fault kind of issue 32 as the SDK meets it, asked through the control API (a rule) and through `Prefer`: retried
// (502, 503, 504, a 429 within the SDK's cap, a stall past its timeout, a cut, a lost answer), surfaced (500, a 429
// past the cap, any of them on every try), and never applied twice. Written once, run against the HTTP mock (the real
// Prism in front of the sandbox, test/control-api.test.ts) and the MSW twin in Node (test/msw-faults.test.ts).
import {
  type ApiClientConfig,
  ApiConnectionError,
  ApiError,
  ApiTimeoutError,
  createApiClient,
  InternalServerError,
  RateLimitError,
} from '@runofshow/sdk';
import { expect } from 'vitest';
import { expectCalled, expectNoWriteAppliedTwice } from '../../src/control/assert.js';
import type { RuleInput } from '../../src/control/faults.js';
import type { JournalEntry } from '../../src/control/journal.js';
import { SEED_PASSWORD } from '../../src/sandbox/seed.js';

export interface FaultTarget {
  /** The API's address: the HTTP mock's, or the one the MSW handlers answer. */
  base: string;
  transport: 'http' | 'msw';
}

export interface FaultScenario {
  name: string;
  run(target: FaultTarget): Promise<void>;
}

function control(target: FaultTarget, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${target.base}/__mock${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

async function addRule(target: FaultTarget, rule: RuleInput): Promise<void> {
  expect((await control(target, 'POST', '/rules', rule)).status).toBe(201);
}

export async function journal(target: FaultTarget, query = ''): Promise<JournalEntry[]> {
  const answer = await control(target, 'GET', `/journal${query}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { entries: JournalEntry[] }).entries;
}

/** The journal once `done` says so: a call the SDK gave up on may reach the sandbox after the test's await. */
async function journalOf(target: FaultTarget, done: (entries: JournalEntry[]) => boolean): Promise<JournalEntry[]> {
  for (let waited = 0; ; waited += 25) {
    const entries = await journal(target);
    if (done(entries) || waited > 5000) return entries;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const api = (target: FaultTarget, config: Partial<ApiClientConfig> = {}) =>
  createApiClient({
    endpoint: target.base,
    apiKey: 'development-api-key',
    logger: false,
    // The SDK's backoff between tries is not what these scenarios are about: a short one keeps them quick.
    ...config,
    retry: { delayMs: 10, ...config.retry },
  });

let made = 0;
/** A sign-up of an address no other call used (the HTTP mock's state outlives one target's run). */
const signUp = (target: FaultTarget, name: string) => ({
  firstName: 'Jo',
  lastName: 'Urnal',
  email: `${name}.${target.transport}.${++made}@example.com`,
  password: 'Journal-Journal-1',
  captcha: 'x',
  industry: 'Corporate' as const,
});

const seen = (entries: JournalEntry[]) => entries.map((e) => [e.status, e.fault, e.applied]);
const caught = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );
const hasTwoFactor = (target: FaultTarget, prefer?: string) =>
  api(target).users.hasTwoFactorAuth({
    params: { email: 'ada@example.com' },
    ...(prefer ? { headers: { Prefer: prefer } } : {}),
  });

/** The address of a sign-up is taken: it was applied. */
async function expectTaken(target: FaultTarget, payload: ReturnType<typeof signUp>) {
  const again = await caught(api(target).users.create({ payload }));
  expect((again as ApiError).status).toBe(409);
}

const RETRIED = [502, 503, 504] as const;

export const faultScenarios: FaultScenario[] = [
  {
    name: 'makes the login answer 503 twice, then 200 (rule): the SDK retries it through, the journal shows what was sent',
    async run(target) {
      await addRule(target, { operations: ['auth.login'], fault: { kind: 'status', status: 503 }, times: 2 });
      const session = await api(target).auth.login({ payload: { email: 'ada@example.com', password: SEED_PASSWORD } });
      expect(session.accessToken).toEqual(expect.any(String));
      const logins = await journal(target, '?operationId=auth.login');
      // A sign-in is a write: it opened a session.
      expect(seen(logins)).toEqual([
        [503, 'status 503', false],
        [503, 'status 503', false],
        [200, null, true],
      ]);
      expect(new Set(logins.map((e) => e.requestId)).size).toBe(1);
      expect(logins[0]?.body).toEqual({ email: 'ada@example.com', password: '[redacted]' });
      expect(logins.every((e) => e.violations.length === 0 && e.transport === target.transport)).toBe(true);
      expectCalled(logins, 'auth.login', { email: 'ada@example.com' });
      expect(await (await control(target, 'GET', '/rules')).json()).toEqual({ rules: [] });
    },
  },
  ...RETRIED.map(
    (status): FaultScenario => ({
      name: `retries a sign-up through two ${status}s (rule) and applies it once`,
      async run(target) {
        await addRule(target, { operations: ['users.create'], fault: { kind: 'status', status }, times: 2 });
        const payload = signUp(target, `retried${status}`);
        expect((await api(target).users.create({ payload })).email).toBe(payload.email);
        const entries = await journal(target);
        expect(seen(entries)).toEqual([
          [status, `status ${status}`, false],
          [status, `status ${status}`, false],
          [201, null, true],
        ]);
        expectCalled(entries, 'users.create', { email: payload.email });
      },
    }),
  ),
  ...RETRIED.map(
    (status): FaultScenario => ({
      name: `surfaces a ${status} asked through Prefer after the SDK's three tries, nothing applied`,
      async run(target) {
        const payload = signUp(target, `surfaced${status}`);
        const error = await caught(api(target).users.create({ payload, headers: { Prefer: `fault=${status}` } }));
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(status);
        expect(seen(await journal(target))).toEqual(Array(3).fill([status, `status ${status}`, false]));
        expect((await api(target).users.create({ payload })).email).toBe(payload.email);
      },
    }),
  ),
  {
    name: 'surfaces a 500 at once, rule or Prefer: the SDK does not retry it, nothing applied',
    async run(target) {
      await addRule(target, { operations: ['users.create'], fault: { kind: 'status', status: 500 }, times: 1 });
      const byRule = signUp(target, 'rule500');
      expect(await caught(api(target).users.create({ payload: byRule }))).toBeInstanceOf(InternalServerError);
      const byPrefer = signUp(target, 'prefer500');
      const error = await caught(api(target).users.create({ payload: byPrefer, headers: { Prefer: 'fault=500' } }));
      expect(error).toBeInstanceOf(InternalServerError);
      expect(seen(await journal(target))).toEqual([
        [500, 'status 500', false],
        [500, 'status 500', false],
      ]);
      expect((await api(target).users.create({ payload: byRule })).email).toBe(byRule.email);
    },
  },
  {
    name: 'waits out a 429 whose Retry-After is within the SDK’s cap and retries it (rule)',
    async run(target) {
      await addRule(target, {
        operations: ['users.hasTwoFactorAuth'],
        fault: { kind: 'status', status: 429, retryAfter: 1 },
        times: 1,
      });
      const started = performance.now();
      expect((await hasTwoFactor(target)).hasTwoFactorAuth).toBe(false);
      expect(performance.now() - started).toBeGreaterThanOrEqual(950);
      expect(seen(await journal(target))).toEqual([
        [429, 'status 429 retry-after 1', false],
        [200, null, false],
      ]);
    },
  },
  {
    name: 'surfaces a 429 whose Retry-After is longer than the SDK waits, with its seconds (Prefer)',
    async run(target) {
      const error = await caught(hasTwoFactor(target, 'fault=429; retry-after=5'));
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfter).toBe(5);
      expect(seen(await journal(target))).toEqual([[429, 'status 429 retry-after 5', false]]);
    },
  },
  {
    name: 'cuts the next call’s connection before the sandbox sees it (rule); the SDK retries it through',
    async run(target) {
      await addRule(target, { operations: ['users.*'], fault: { kind: 'cut' }, times: 1 });
      const answer = await api(target).users.hasTwoFactorAuth({ params: { email: 'mfa@example.com' } });
      expect(answer.hasTwoFactorAuth).toBe(true);
      expect(seen(await journal(target))).toEqual([
        [null, 'cut', false],
        [200, null, false],
      ]);
    },
  },
  {
    name: 'a cut on every try (Prefer) surfaces as no answer, the sign-up never applied',
    async run(target) {
      const payload = signUp(target, 'cut');
      const error = await caught(api(target).users.create({ payload, headers: { Prefer: 'fault=cut' } }));
      expect(error).toBeInstanceOf(ApiConnectionError);
      expect(seen(await journal(target))).toEqual(Array(3).fill([null, 'cut', false]));
      expect((await api(target).users.create({ payload })).email).toBe(payload.email);
    },
  },
  {
    name: 'a stall past the SDK’s timeout (rule): the retry is applied, the stalled call arrives later and is replayed',
    async run(target) {
      const { accessToken } = await api(target).auth.login({
        payload: { email: 'ada@example.com', password: SEED_PASSWORD },
      });
      await control(target, 'DELETE', '/journal');
      await addRule(target, { operations: ['teams.create'], fault: { kind: 'stall', ms: 2500 }, times: 1 });
      // A team, not a sign-up: no password to hash, so a try that is not stalled ends within the timeout and only the
      // stalled one times out. 1.5 s, since one try through Prism took over 500 ms in unit runs at load 10-13.
      const client = api(target, { timeoutMs: 1500, getAccessToken: () => accessToken });
      const team = await client.teams.create({ payload: { title: `Stalled ${target.transport} ${++made}` } });
      expect(team._id).toEqual(expect.any(String));
      // The journal writes an exchange when it is answered: the stalled one comes last, after the SDK is done.
      const entries = await journalOf(target, (all) => all.some((e) => e.fault !== null));
      expect(entries.filter((e) => e.fault === 'stall 2500ms').map((e) => e.applied)).toEqual([false]);
      expect(entries.filter((e) => e.applied).length).toBe(1);
      expectNoWriteAppliedTwice(entries);
      expect(new Set(entries.map((e) => e.idempotencyKey)).size).toBe(1);
    },
  },
  {
    name: 'a stall past the timeout on every try (Prefer) surfaces as a timeout; the write is applied once',
    async run(target) {
      const payload = signUp(target, 'stalled-prefer');
      const error = await caught(
        api(target, { timeoutMs: 150 }).users.create({ payload, headers: { Prefer: 'fault=stall; ms=300' } }),
      );
      expect(error).toBeInstanceOf(ApiTimeoutError);
      const entries = await journalOf(target, (all) => all.length === 3);
      expect(entries.map((e) => e.fault)).toEqual(Array(3).fill('stall 300ms'));
      expect(entries.filter((e) => e.applied).length).toBe(1);
      expectNoWriteAppliedTwice(entries);
      await expectTaken(target, payload);
    },
  },
  {
    name: 'applies a sign-up and loses its answer (rule); the retry is replayed under its key, so it is applied once',
    async run(target) {
      await addRule(target, { operations: ['users.create'], fault: { kind: 'lost', as: 'status' }, times: 1 });
      const payload = signUp(target, 'lost');
      expect((await api(target).users.create({ payload })).email).toBe(payload.email);
      const entries = await journal(target, '?operationId=users.create');
      expect(seen(entries)).toEqual([
        [503, 'lost, 503', true],
        [201, null, false],
      ]);
      expectNoWriteAppliedTwice(entries);
      expectCalled(entries, 'users.create', { email: payload.email });
    },
  },
  {
    name: 'a lost answer on every try (Prefer) surfaces its 503; the write is applied once',
    async run(target) {
      const payload = signUp(target, 'lost-prefer');
      const error = await caught(api(target).users.create({ payload, headers: { Prefer: 'fault=lost' } }));
      expect((error as ApiError).status).toBe(503);
      const entries = await journal(target);
      expect(seen(entries)).toEqual([
        [503, 'lost, 503', true],
        [503, 'lost, 503', false],
        [503, 'lost, 503', false],
      ]);
      expectNoWriteAppliedTwice(entries);
      await expectTaken(target, payload);
    },
  },
  {
    name: 'a lost answer with its connection cut on every try (Prefer) surfaces as no answer, the write applied once',
    async run(target) {
      const payload = signUp(target, 'lost-cut');
      const error = await caught(api(target).users.create({ payload, headers: { Prefer: 'fault=lost; as=cut' } }));
      expect(error).toBeInstanceOf(ApiConnectionError);
      const entries = await journal(target);
      expect(seen(entries)).toEqual([
        [null, 'lost, connection cut', true],
        [null, 'lost, connection cut', false],
        [null, 'lost, connection cut', false],
      ]);
      expectNoWriteAppliedTwice(entries);
      await expectTaken(target, payload);
    },
  },
];
