// Figures for docs/measurements.md (measured, never asserted): time from start to the first answer on the full
// description, and the median time of a simple GET, straight to Prism and through the mock's public address.
// Run: npx tsx --conditions=source mock-server/scripts/measure.ts
import { freePort } from '../src/free-port.js';
import { startStack } from '../src/stack.js';

const started = performance.now();
const stack = await startStack({ mockPort: await freePort() });
const path = '/users/ada%40example.com/has2fa';
const first = await fetch(`${stack.mock.url}${path}`, { headers: { 'X-Api-Key': 'measure' } });
await first.arrayBuffer();
const startToFirst = performance.now() - started;

async function median(base: string, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { 'X-Api-Key': 'measure' } });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

await median(stack.mock.url, 20);
const direct = await median(stack.prism.url, 200);
const front = await median(stack.mock.url, 200);
console.log(`start → first answer: ${(startToFirst / 1000).toFixed(2)} s (302 operations)`);
console.log(`median GET ${path}: Prism ${direct.toFixed(2)} ms, through the mock's address ${front.toFixed(2)} ms`);
await stack.stop();
