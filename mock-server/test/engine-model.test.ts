import type { RunningServer } from '@runofshow/devkit/listen';
import { operationTable } from '@runofshow/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import type { Engine } from '../src/sandbox/engine/engine.js';
import { loadSchemas, startEngine } from '../src/sandbox/engine/start.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { startSandboxServer } from '../src/sandbox/server.js';
import { ADMIN, type Answer, commands, type Model, OUTSIDER, type Real, type Send } from './support/event-model.js';

// Issue 31: a model-based walk of §4's event lifecycle and §6's refusals (test/support/event-model.ts), in process and
// over HTTP to the sandbox's server. `npm test` walks a seeded few thousand steps; `npm run test:model` walks 10,000
// in each transport (MODEL_STEPS). A failure prints fast-check's shrunk sequence and its seed.
const STEPS = Number(process.env.MODEL_STEPS ?? 0);
const SEED = Number(process.env.MODEL_SEED ?? 31);
const schemas = loadSchemas();

/** Runs the walk until `target` steps were taken, fast-check shrinking any failing sequence. */
async function walk(target: number, fresh: () => Promise<Real>): Promise<{ steps: number; runs: number }> {
  let steps = 0;
  let runs = 0;
  for (let round = 0; steps < target; round++) {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 60 }), async (sequence) => {
        const real = await fresh();
        const counted: Real = {
          log: real.log,
          send: (...args) => {
            steps++;
            return real.send(...args);
          },
        };
        runs++;
        await fc.asyncModelRun(() => ({ model: { events: [] } as Model, real: counted }), sequence);
      }),
      { numRuns: 10, seed: SEED + round, verbose: 1 },
    );
  }
  return { steps, runs };
}

const inProcess = (engine: Engine): Send => {
  const users = new Map(
    [ADMIN, OUTSIDER].map((email) => [email, [...engine.store.all('users')].find((u) => u.email === email)]),
  );
  return async (who, operationId, path, body = {}) => {
    const caller = users.get(who);
    const answer = await engine.answer({
      operationId,
      path,
      query: new URLSearchParams(),
      body,
      ...(caller ? { caller } : {}),
    });
    return { status: answer.status, body: answer.body };
  };
};

describe('the event lifecycle against its model', () => {
  it('agrees in process', async () => {
    const { steps, runs } = await walk(STEPS || 6_000, async () => ({
      send: inProcess(startEngine({ schemas })),
      log: [],
    }));
    console.log(`model walk in process: ${steps} steps in ${runs} sequences, 0 divergences (seed ${SEED})`);
    expect(steps).toBeGreaterThanOrEqual(STEPS || 6_000);
  }, 600_000);

  describe('over HTTP', () => {
    let server: RunningServer;
    const tokens = new Map<string, string>();

    beforeAll(async () => {
      server = await startSandboxServer(
        await SignInSandbox.seeded(),
        await freePort(),
        '127.0.0.1',
        undefined,
        undefined,
        startEngine({ schemas }),
      );
      for (const email of [ADMIN, OUTSIDER]) {
        const response = await fetch(`${server.url}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'model' },
          body: JSON.stringify({ email, password: SEED_PASSWORD }),
        });
        tokens.set(email, ((await response.json()) as { accessToken: string }).accessToken);
      }
    }, 60_000);

    afterAll(async () => {
      await server?.stop();
    });

    const send: Send = async (who, operationId, path, body = {}) => {
      const { method, path: template } = operationTable[operationId];
      const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? ''));
      const response = await fetch(`${server.url}${url}?accessToken=${tokens.get(who)}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-api-key': 'model' },
        ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined } satisfies Answer;
    };

    it('agrees over HTTP (one server: the model follows only the events it created)', async () => {
      const { steps, runs } = await walk(STEPS || 200, async () => ({ send, log: [] }));
      console.log(`model walk over HTTP: ${steps} steps in ${runs} sequences, 0 divergences (seed ${SEED})`);
      expect(steps).toBeGreaterThanOrEqual(STEPS || 200);
    }, 600_000);
  });
});
