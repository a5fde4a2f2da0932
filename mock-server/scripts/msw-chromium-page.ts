// The page `msw-chromium.ts` serves: the MSW twin behind MSW's real service worker in Chromium, running the
// scripted session of issue 32 and timing one call as the app would make it (fetch → service worker → handler).
import { setupWorker } from 'msw/browser';
import { mswSandbox } from '../src/msw/index.js';
import { webCryptoHasher } from '../src/sandbox/web-hasher.js';
import { session } from '../test/support/twin-session.js';

async function run(rounds: number) {
  const base = `${(globalThis as unknown as { location: { origin: string } }).location.origin}/api`;
  const sandbox = await mswSandbox({ baseUrl: base, hasher: webCryptoHasher(1000) });
  const worker = setupWorker(...sandbox.handlers);
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  const result = await session(base);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    sandbox.control.journal.clear();
    const started = performance.now();
    const answer = await fetch(`${base}/users/ada%40example.com/has2fa`, { headers: { 'x-api-key': 'measure' } });
    await answer.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  worker.stop();
  return { ...result, p50: times[Math.floor(times.length / 2)] ?? 0, p95: times[Math.floor(times.length * 0.95)] ?? 0 };
}

(globalThis as { runTwin?: typeof run }).runTwin = run;
