// The page `measure-msw.ts` builds for Chromium (and runs in Node as is): the MSW twin's handler time per call,
// through msw's own `getResponse` (MSW's matching and our handler, without the service worker's messaging).
import { getResponse } from 'msw';
import { mswSandbox } from '../src/msw/index.js';
import { webCryptoHasher } from '../src/sandbox/web-hasher.js';

const BASE = 'http://sandbox.msw.test';
const KEY = { 'x-api-key': 'measure' };

export interface Figures {
  startMs: number;
  /** p50 and p95 per call, in milliseconds, by call. */
  calls: Record<string, { p50: number; p95: number }>;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export async function measure(rounds = 200): Promise<Figures> {
  const t0 = performance.now();
  // The default PBKDF2 rounds: sign-ins are not measured here, only the handler's own work on the other calls.
  const { handlers, control } = await mswSandbox({ baseUrl: BASE, hasher: webCryptoHasher(1000) });
  const startMs = performance.now() - t0;
  control.journal.enabled = true;
  const login = await getResponse(
    handlers,
    new Request(`${BASE}/login`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'Correct-Horse-9' }),
    }),
  );
  if (login?.status !== 200) throw new Error(`the seeded sign-in answered ${login?.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const team = '65a1f0c2e4b0a1b2c3d4e5f7';
  const calls: Record<string, () => Request> = {
    'users.hasTwoFactorAuth (GET, sign-in slice)': () =>
      new Request(`${BASE}/users/ada%40example.com/has2fa`, { headers: KEY }),
    'teams.get (GET, engine)': () => new Request(`${BASE}/teams/${team}?accessToken=${accessToken}`, { headers: KEY }),
    'events.create (POST, engine write)': () =>
      new Request(`${BASE}/teams/${team}/events?accessToken=${accessToken}`, {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Measured gala' }),
      }),
    'auth.login refused (422, validation)': () =>
      new Request(`${BASE}/login`, {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'not-an-email', password: 'abc' }),
      }),
  };
  const out: Figures['calls'] = {};
  for (const [name, make] of Object.entries(calls)) {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      control.journal.clear();
      const request = make();
      const started = performance.now();
      const response = await getResponse(handlers, request);
      await response?.arrayBuffer();
      times.push(performance.now() - started);
      if (!response || response.status >= 500) throw new Error(`${name}: ${response?.status}`);
    }
    times.sort((a, b) => a - b);
    out[name] = { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
  }
  return { startMs, calls: out };
}

(globalThis as { measureMsw?: typeof measure }).measureMsw = measure;
