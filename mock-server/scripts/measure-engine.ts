// The engine's figures (issue 31): one sandbox call's p50/p99 in process and through the mock's public address and
// Prism's validating proxy, beside the same Prism answering the same operation from its example (`Prefer`), in the same
// run. `npx tsx --conditions=source mock-server/scripts/measure-engine.ts`. A show of many rows: measure-rows.ts.
import { performance } from 'node:perf_hooks';
import { freePort } from '../src/free-port.js';
import type { EngineRequest } from '../src/sandbox/engine/engine.js';
import { SEEDED } from '../src/sandbox/engine/seed-state.js';
import { startEngine } from '../src/sandbox/engine/start.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { startSandboxServer } from '../src/sandbox/server.js';
import { startStack } from '../src/stack.js';

const N = Number(process.env.N ?? 400);
const quantiles = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
};
const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 2)} ms`;

async function timed(n: number, run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 20; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return quantiles(samples);
}

const engine = startEngine();
const ada = engine.store.get('users', '65a1f0c2e4b0a1b2c3d4e5f6');
const read: EngineRequest = {
  operationId: 'events.get',
  path: { eventId: SEEDED.eventId },
  query: new URLSearchParams(),
  body: {},
  ...(ada ? { caller: ada } : {}),
};
const inProcess = await timed(N * 10, () => engine.answer(read));

// On a loaded machine a Prism start can take minutes: `PRISM=http://127.0.0.1:4331 SANDBOX_PORT=4332` measures through
// a `prism proxy --errors` already running on the bundle with that upstream (no front), instead of a stack of its own.
const reuse = process.env.PRISM && process.env.SANDBOX_PORT;
const stack = reuse
  ? await (async () => {
      const server = await startSandboxServer(
        await SignInSandbox.seeded(),
        Number(process.env.SANDBOX_PORT),
        '127.0.0.1',
        undefined,
        undefined,
        startEngine(),
      );
      return { mock: { url: String(process.env.PRISM) }, stop: () => server.stop() };
    })()
  : await startStack({ mockPort: await freePort(), sandbox: true, log: () => {} });
const login = await fetch(`${stack.mock.url}/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': 'measure' },
  body: JSON.stringify({ email: 'ada@example.com', password: SEED_PASSWORD }),
});
const { accessToken } = (await login.json()) as { accessToken: string };
const url = `${stack.mock.url}/events/${SEEDED.eventId}?accessToken=${encodeURIComponent(accessToken)}`;
const get = (prefer?: string) => async () => {
  const response = await fetch(url, { headers: { 'x-api-key': 'measure', ...(prefer ? { prefer } : {}) } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`events.get answered ${response.status}`);
};
// One of each in turn, so a burst of load elsewhere on the machine falls on both alike.
for (let i = 0; i < 20; i++) await Promise.all([get()(), get('code=200')()]);
const stateSamples: number[] = [];
const exampleSamples: number[] = [];
for (let i = 0; i < N; i++) {
  let start = performance.now();
  await get()();
  stateSamples.push(performance.now() - start);
  start = performance.now();
  await get('code=200')();
  exampleSamples.push(performance.now() - start);
}
const through = quantiles(stateSamples);
const fromExample = quantiles(exampleSamples);
await stack.stop();

console.log(`events.get, ${N} calls each, same run${reuse ? ' (straight to Prism, no front)' : ''}:`);
console.log(`  in process (engine.answer):                 p50 ${ms(inProcess.p50)}, p99 ${ms(inProcess.p99)}`);
console.log(`  through Prism's validating proxy, state:    p50 ${ms(through.p50)}, p99 ${ms(through.p99)}`);
console.log(`  the same Prism, its example (Prefer):       p50 ${ms(fromExample.p50)}, p99 ${ms(fromExample.p99)}`);
console.log(`  state / example (p50): ${(through.p50 / fromExample.p50).toFixed(2)}×`);
