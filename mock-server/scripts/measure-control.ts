// `npm run mock:measure-control`: what the request journal costs a call (issue 32), measured in one run against one
// mock (the sandbox behind the real Prism): rounds of calls with the journal on and off, interleaved so the machine's
// load falls on both alike, then the p50 and p90 of each. Also what recording one entry and deciding one call's
// faults cost on their own. Not part of `npm test`.

import { journalBody } from '../src/control/journal.js';
import { freePort } from '../src/free-port.js';
import { startStack } from '../src/stack.js';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const CALLS = Number(process.env.CALLS ?? 100);

const stack = await startStack({ mockPort: await freePort(), sandbox: true, log: () => {} });
const url = `${stack.mock.url}/login`;
const init = {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': 'development-api-key' },
  // A refused sign-in: the sandbox's path through Prism without the scrypt work of a right password.
  body: JSON.stringify({ email: 'nobody.measure@example.com', password: 'Wrong-Password-1' }),
};
const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
try {
  for (let i = 0; i < 30; i++) await fetch(url, init).then((r) => r.arrayBuffer());
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      stack.control.journal.enabled = mode === 'on';
      for (let i = 0; i < CALLS; i++) {
        const started = performance.now();
        await (await fetch(url, init)).arrayBuffer();
        times[mode].push(performance.now() - started);
      }
      // The sandbox's lockout counts by address: start each batch from a clean slate.
      await fetch(`${stack.mock.url}/__mock/reset`, { method: 'POST' });
    }
  }
} finally {
  await stack.stop();
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
for (const mode of ['on', 'off'] as const) {
  const v = times[mode];
  console.log(
    `journal ${mode.padEnd(3)}: ${v.length} calls, p50 ${quantile(v, 0.5).toFixed(2)} ms, p90 ${quantile(v, 0.9).toFixed(2)} ms`,
  );
}
console.log(`p50 difference (on − off): ${(quantile(times.on, 0.5) - quantile(times.off, 0.5)).toFixed(3)} ms`);

// The journal's own work per call, without the network: an entry built (its body redacted) and recorded.
const { Journal } = await import('../src/control/journal.js');
const { FaultEngine } = await import('../src/control/faults.js');
const journal = new Journal();
const engine = new FaultEngine();
engine.add({ operations: ['events.*'], fault: { kind: 'status', status: 503 }, probability: 0.1 });
const N = 200_000;
let started = performance.now();
for (let i = 0; i < N; i++) {
  journal.record({
    seq: journal.take(),
    at: new Date().toISOString(),
    method: 'POST',
    path: '/login',
    operationId: 'auth.login',
    transport: 'http',
    requestId: `r-${i}`,
    idempotencyKey: null,
    caller: null,
    status: 200,
    durationMs: 1,
    fault: null,
    applied: true,
    violations: [],
    body: journalBody({ email: 'ada@example.com', password: 'x' }),
  });
}
console.log(`journal entry recorded: ${(((performance.now() - started) / N) * 1000).toFixed(2)} µs each`);
started = performance.now();
for (let i = 0; i < N; i++)
  engine.decide({ operationId: i % 2 ? 'events.create' : 'auth.login', requestId: undefined });
console.log(`fault decision (one rule): ${(((performance.now() - started) / N) * 1000).toFixed(2)} µs each`);
