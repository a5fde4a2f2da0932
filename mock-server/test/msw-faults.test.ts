import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mswSandbox } from '../src/msw/index.js';
import { webCryptoHasher } from '../src/sandbox/web-hasher.js';
import { type FaultTarget, faultScenarios } from './support/fault-scenarios.js';

// Issue 32: each fault kind through the SDK over the MSW twin in Node, the scenarios the HTTP mock runs
// (test/control-api.test.ts) word for word: no server, no Prism.
const target: FaultTarget = { base: 'http://sandbox.msw.test', transport: 'msw' };
const server = setupServer();

beforeAll(async () => {
  // Few PBKDF2 rounds: the seeded accounts hash at start, and the test is about faults, not hashing cost.
  const twin = await mswSandbox({ baseUrl: target.base, hasher: webCryptoHasher(1000) });
  server.use(...twin.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});

afterAll(() => server.close());

beforeEach(async () => {
  expect((await fetch(`${target.base}/__mock/reset`, { method: 'POST' })).status).toBe(204);
});

describe('each fault kind through the SDK over MSW', () => {
  for (const scenario of faultScenarios) it(scenario.name, () => scenario.run(target));
});
