import type { RunningServer } from '@runofshow/devkit/listen';
import { operationTable } from '@runofshow/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import type { Engine } from '../src/sandbox/engine/engine.js';
import { loadSchemas, startEngine } from '../src/sandbox/engine/start.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { startSandboxServer } from '../src/sandbox/server.js';
import { ADMIN, type Answer, commands, OUTSIDER, type Send } from './support/event-model.js';
import * as lifecycle from './support/lifecycle-model.js';
import { walk as walkSeeded } from './support/model-walk.js';
import { quickHasher } from './support/quick-hasher.js';

// Issue 31: model-based walks of §4's lifecycles and §6's refusals, in process and over HTTP to the sandbox's server:
// the event's (test/support/event-model.ts, two callers) and those of shows, folders, rows and columns
// (test/support/lifecycle-model.ts, five callers). `npm test` walks a seeded few thousand steps; `npm run test:model`
// walks 10,000 of each model in each transport (MODEL_STEPS). A failure prints fast-check's shrunk sequence and seed.
const STEPS = Number(process.env.MODEL_STEPS ?? 0);
const SEED = Number(process.env.MODEL_SEED ?? 31);
const schemas = loadSchemas();
const walk: typeof walkSeeded = (target, fresh, moves, empty, size) =>
  walkSeeded(target, fresh, moves, empty, size, SEED);

const CALLERS = [ADMIN, OUTSIDER, ...Object.values(lifecycle.CALLERS)];

const inProcess = (engine: Engine): Send & lifecycle.Send => {
  const users = new Map(CALLERS.map((email) => [email, [...engine.store.all('users')].find((u) => u.email === email)]));
  return async (who: string, operationId, path, body = {}) => {
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

describe("§4's lifecycles against their models", () => {
  it('agrees in process', async () => {
    const { steps, runs } = await walk(
      STEPS || 3_000,
      async () => ({ send: inProcess(startEngine({ schemas })) as Send, log: [] }),
      commands,
      () => ({ events: [] }),
    );
    console.log(`model walk in process: ${steps} steps in ${runs} sequences, 0 divergences (seed ${SEED})`);
    expect(steps).toBeGreaterThanOrEqual(STEPS || 3_000);
  }, 600_000);

  it('agrees in process on the lifecycles of shows, folders, rows and columns, for five callers', async () => {
    const { steps, runs } = await walk(
      STEPS || 2_000,
      async () => ({ send: inProcess(startEngine({ schemas })) as lifecycle.Send, log: [] }),
      lifecycle.commands,
      lifecycle.emptyModel,
      'large',
    );
    console.log(`lifecycle walk in process: ${steps} steps in ${runs} sequences, 0 divergences (seed ${SEED})`);
    expect(steps).toBeGreaterThanOrEqual(STEPS || 2_000);
  }, 600_000);

  describe('over HTTP', () => {
    let server: RunningServer;
    const tokens = new Map<string, string>();
    const engine = startEngine({ schemas });
    /**
     * The records the lifecycle walk makes, as seeded: each of its sequences starts from them, as in process (one
     * server's seeded show would otherwise pass the 100 columns an item set list holds within a 10,000-step walk).
     */
    const LIFECYCLE_KINDS = ['shows', 'columns', 'rows', 'fsObjects', 'categories', 'pdfPresets', 'audits'];
    const seeded = new Map(LIFECYCLE_KINDS.map((kind) => [kind, structuredClone([...engine.store.all(kind)])]));
    const reseed = () => {
      for (const [kind, records] of seeded) {
        for (const { _id } of [...engine.store.all(kind)]) engine.store.remove(kind, _id);
        for (const record of structuredClone(records)) engine.store.put(kind, record);
      }
    };

    beforeAll(async () => {
      server = await startSandboxServer(
        await SignInSandbox.seeded({ hasher: quickHasher }),
        await freePort(),
        '127.0.0.1',
        undefined,
        undefined,
        engine,
      );
      for (const email of new Set(CALLERS)) {
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

    const send = async (
      who: string,
      operationId: keyof typeof operationTable,
      path: Record<string, string>,
      body: Record<string, unknown> = {},
    ): Promise<Answer> => {
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
      const { steps, runs } = await walk(
        STEPS || 200,
        async () => ({ send: send as Send, log: [] }),
        commands,
        () => ({ events: [] }),
      );
      console.log(`model walk over HTTP: ${steps} steps in ${runs} sequences, 0 divergences (seed ${SEED})`);
      expect(steps).toBeGreaterThanOrEqual(STEPS || 200);
    }, 600_000);

    it('agrees over HTTP on the lifecycles (each sequence from the seeded records)', async () => {
      const { steps, runs } = await walk(
        STEPS || 150,
        async () => {
          reseed();
          return { send: send as lifecycle.Send, log: [] };
        },
        lifecycle.commands,
        lifecycle.emptyModel,
        'small',
      );
      console.log(`lifecycle walk over HTTP: ${steps} steps in ${runs} sequences, 0 divergences (seed ${SEED})`);
      expect(steps).toBeGreaterThanOrEqual(STEPS || 150);
    }, 600_000);
  });
});
