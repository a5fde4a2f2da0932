// `npm run bench -w sdk`: the SDK's cost over raw fetch on loopback, measured in one run (not a test). It measures
// the built package, as users install it (the script builds it first): the sources run through tsx would carry
// esbuild's name helper on every closure. `npm run bench:node` at the root runs it on Node 22 and 24 as well.
//   reads:  40,000 sequential GET round trips per side, SDK vs raw fetch, both reading the JSON body
//   writes: 8,000 queued writes (issued 25 at once, sent one at a time) vs 8,000 awaited raw fetch POSTs
// in 10 rounds, the sides taking turns every 25 calls (stats.ts): a round is long enough to hold several collector
// pauses of each side (1 call in 1,000 takes 4-20 ms here), which made shorter rounds swing 0.5-3x.
//   proxy:  requests per second through the proxy handler vs straight to its upstream, 50 connections, each side in
//           processes of its own (wrk, else autocannon), with a bare pass-through proxy as the ceiling (proxy.ts);
//           then a large export through each proxy: first and last byte, and the host's peak memory (proxy-stream.ts)
//   CPU:    each proxy process's own CPU per call over a fixed number of calls (process.cpuUsage), the figure the
//           listener is judged on beside the bare pass-through (proxy-cpu.ts; BENCH_ONLY=proxy-cpu runs it alone)
// Goals (issue 13): ≤ 1.15×, ≤ 1.20×, and the proxy hop keeping ≥ 75 %; issue 30: the node listener's CPU per call
// within 1/0.85 of the bare pass-through's (≥ 85 %). BENCH_READS / BENCH_WRITES / BENCH_ROUNDS
// change the counts, BENCH_PROXY_ROUNDS / BENCH_PROXY_SECONDS the proxy's (0 rounds skips it), BENCH_STREAM_MIB the
// export's size (200; 0 skips it); BENCH_ONLY=proxy runs the proxy part alone; BENCH_FLOOR=1 also times the libraries
// beneath the SDK alone (openapi-fetch, ky) and a fetch whose try can time out, to show the stack's own floor.
// BENCH_BASELINE=<an older build's dist/index.js> adds that build as a third side of reads and writes, so a change is
// measured against what came before in one run.
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createApiClient } from '@runofshow/sdk';
import ky from 'ky';
import createClient from 'openapi-fetch';
import { benchProxy } from './proxy.js';
import { benchProxyCpu } from './proxy-cpu.js';
import { benchStream } from './proxy-stream.js';
import { startServer } from './server.js';
import { interleave, median, quantile } from './stats.js';

const reads = Number(process.env.BENCH_READS ?? 40_000);
const writes = Number(process.env.BENCH_WRITES ?? 8_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const floor = process.env.BENCH_FLOOR === '1';
const proxyRounds = Number(process.env.BENCH_PROXY_ROUNDS ?? 3);
const proxySeconds = Number(process.env.BENCH_PROXY_SECONDS ?? 4);
const streamMib = Number(process.env.BENCH_STREAM_MIB ?? 200);
const cpuCalls = Number(process.env.BENCH_CPU_CALLS ?? 4_000);
if (process.env.BENCH_ONLY === 'proxy-cpu') {
  await benchProxyCpu(cpuCalls, proxyRounds);
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'proxy') {
  if (proxyRounds > 0) await benchProxy(proxyRounds, proxySeconds);
  if (proxyRounds > 0 && cpuCalls > 0) await benchProxyCpu(cpuCalls, proxyRounds);
  if (streamMib > 0) await benchStream(streamMib);
  process.exit(0);
}

const server = await startServer();
const { endpoint } = server;
const options = { endpoint, apiKey: 'bench-key', clientId: 'bench', getAccessToken: () => 'bench-token' };
const api = createApiClient(options);
const older = process.env.BENCH_BASELINE
  ? ((await import(pathToFileURL(process.env.BENCH_BASELINE).href)) as { createApiClient: typeof createApiClient })
  : undefined;
const baseline = older?.createApiClient(options);
const team = (n: number) => ({ title: `Team ${n}`, email: 'ops@example.com', defaultTimeZone: 'America/New_York' });
// The same headers, query and body the SDK sends (§7): key, client id, a fresh request id, the token in the query.
const directHeaders = (id: string) => ({ 'X-Api-Key': 'bench-key', 'X-Client-Id': 'bench', 'X-Request-Id': id });

async function rawGet(): Promise<unknown> {
  const response = await fetch(`${endpoint}/token/user?accessToken=bench-token`, {
    headers: directHeaders(crypto.randomUUID()),
  });
  return response.json();
}

async function rawPost(n: number): Promise<unknown> {
  const id = crypto.randomUUID();
  const response = await fetch(`${endpoint}/teams?accessToken=bench-token`, {
    method: 'POST',
    headers: { ...directHeaders(id), 'Content-Type': 'application/json', 'Idempotency-Key': id },
    body: JSON.stringify(team(n)),
  });
  return response.json();
}

// The floor: each library alone, configured as the SDK uses it (ky: 3 tries, a timeout per try).
const bare = createClient<Record<string, never>>({ baseUrl: endpoint });
const bareGet = () =>
  bare.GET(
    '/token/user' as never,
    {
      params: { query: { accessToken: 'bench-token' } },
      headers: directHeaders(crypto.randomUUID()),
    } as never,
  );
// What any client that can time a try out pays on top: a signal on the fetch, and a timer.
const timedGet = async () => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const response = await fetch(`${endpoint}/token/user?accessToken=bench-token`, {
      headers: directHeaders(crypto.randomUUID()),
      signal: controller.signal,
    });
    return await response.json();
  } finally {
    clearTimeout(timer);
  }
};
const kyGet = async () =>
  (
    await ky(`${endpoint}/token/user?accessToken=bench-token`, {
      headers: directHeaders(crypto.randomUUID()),
      retry: 2,
      timeout: 10_000,
    })
  ).json();

const sequential = async (count: number, call: (n: number) => Promise<unknown>) => {
  for (let n = 0; n < count; n++) await call(n);
};
const readSides: Record<string, (count: number) => Promise<unknown>> = {
  raw: (count) => sequential(count, rawGet),
  sdk: (count) => sequential(count, () => api.GET('/token/user')),
  ...(baseline ? { 'sdk baseline': (count: number) => sequential(count, () => baseline.GET('/token/user')) } : {}),
  ...(floor
    ? {
        'fetch with a timeout': (count: number) => sequential(count, timedGet),
        'openapi-fetch alone': (count: number) => sequential(count, bareGet),
        'ky alone': (count: number) => sequential(count, kyGet),
      }
    : {}),
};
// openapi-fetch alone on a write: its Request carries the body as a stream, which fetch then copies.
const barePost = (n: number) =>
  bare.POST(
    '/teams' as never,
    {
      params: { query: { accessToken: 'bench-token' } },
      headers: { ...directHeaders(crypto.randomUUID()), 'Idempotency-Key': crypto.randomUUID() },
      body: team(n),
    } as never,
  );
const writeSides: Record<string, (count: number) => Promise<unknown>> = {
  raw: (count) => sequential(count, rawPost),
  sdk: (count) => Promise.all(Array.from({ length: count }, (_, n) => api.teams.create({ payload: team(n) }))),
  ...(baseline
    ? {
        'sdk baseline': (count: number) =>
          Promise.all(Array.from({ length: count }, (_, n) => baseline.teams.create({ payload: team(n) }))),
      }
    : {}),
  ...(floor ? { 'openapi-fetch alone': (count: number) => sequential(count, barePost) } : {}),
};

// Warm-up: JIT, the connection pool and the SDK's lazily built parts, on both sides, before anything is timed.
await interleave(2, 500, readSides);
await interleave(2, 100, writeSides);
const readTimes = await interleave(rounds, Math.round(reads / rounds), readSides);
const writeTimes = await interleave(rounds, Math.round(writes / rounds), writeSides);

const µs = (value: number) => `${value.toFixed(0)} µs`;
function report(
  name: string,
  batches: { wall: Record<string, number[]>; cpu: Record<string, number[]> },
  goal: number,
): void {
  console.log(`${name}:`);
  for (const [clock, times] of Object.entries(batches)) {
    const raw = times.raw ?? [];
    const rawMedian = median(raw);
    console.log(`  ${clock.padEnd(4)} raw ${µs(rawMedian)} per call (median of ${raw.length} batches)`);
    for (const [side, values] of Object.entries(times)) {
      if (side === 'raw') continue;
      // Each batch against the raw batch of its own round: the spread says how steady the machine was.
      const paired = values.map((value, round) => value / (raw[round] ?? Number.NaN));
      const spread = `${Math.min(...paired).toFixed(2)}–${Math.max(...paired).toFixed(2)}×, middle half ${quantile(paired, 0.25).toFixed(2)}–${quantile(paired, 0.75).toFixed(2)}×`;
      const target = side === 'sdk' ? `  goal ≤ ${goal.toFixed(2)}×` : '';
      console.log(
        `       ${side.padEnd(20)} ${µs(median(values)).padStart(8)}  ratio ${(median(values) / rawMedian).toFixed(2)}×` +
          `  (per round ${spread})${target}`,
      );
    }
  }
}

const load = loadavg().map((value) => value.toFixed(1));
console.log(`node ${process.version}, loopback, ${rounds} interleaved rounds, load average ${load.join(' ')}`);
report(`GET round trip, ${reads} calls per side`, readTimes, 1.15);
report(`queued writes vs sequential POST, ${writes} per side`, writeTimes, 1.2);
server.close();
if (proxyRounds > 0) await benchProxy(proxyRounds, proxySeconds);
if (proxyRounds > 0 && cpuCalls > 0) await benchProxyCpu(cpuCalls, proxyRounds);
if (streamMib > 0) await benchStream(streamMib);
