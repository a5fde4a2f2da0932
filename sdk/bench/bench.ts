// `npm run bench -w sdk`: the SDK's cost over raw fetch on loopback, measured in one run (not a test).
//   reads:  10,000 sequential GET round trips, SDK vs raw fetch
//   writes: 1,000 queued writes (all issued at once, sent one at a time) vs 1,000 awaited raw fetch POSTs
// Goals (issue 4): ≤ 1.10× and ≤ 1.15×. BENCH_READS / BENCH_WRITES change the counts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../src/index.js';

const reads = Number(process.env.BENCH_READS ?? 10_000);
const writes = Number(process.env.BENCH_WRITES ?? 1_000);
const user = JSON.stringify({
  _id: '65a1f0c2e4b0a1b2c3d4e5f6',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
});

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = req.method === 'POST' ? Buffer.concat(chunks).toString('utf8') : user;
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    res.end(body);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const api = createApiClient({ endpoint, apiKey: 'bench-key', clientId: 'bench', getAccessToken: () => 'bench-token' });
const team = (n: number) => ({ title: `Team ${n}`, email: 'ops@example.com', defaultTimeZone: 'America/New_York' });

async function rawGet(): Promise<unknown> {
  const response = await fetch(`${endpoint}/token/user?accessToken=bench-token`, {
    headers: { 'X-Api-Key': 'bench-key', 'X-Client-Id': 'bench', 'X-Request-Id': crypto.randomUUID() },
  });
  return response.json();
}

async function rawPost(n: number): Promise<unknown> {
  const id = crypto.randomUUID();
  const response = await fetch(`${endpoint}/teams?accessToken=bench-token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Api-Key': 'bench-key',
      'X-Client-Id': 'bench',
      'X-Request-Id': id,
      'Idempotency-Key': id,
    },
    body: JSON.stringify(team(n)),
  });
  return response.json();
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function sequential(count: number, call: (n: number) => Promise<unknown>): Promise<void> {
  for (let n = 0; n < count; n++) await call(n);
}

// Warm both paths (JIT, connection pool) before measuring; then alternate to spread machine noise evenly.
await sequential(500, () => rawGet());
await sequential(500, () => api.GET('/token/user'));

// The machine is shared: interleave small batches of each side and report both the ratio of the totals and the
// ratio of the fastest batches (the least disturbed by other work).
const batches = 20;
const totals = { rawReads: 0, sdkReads: 0, rawWrites: 0, sdkWrites: 0 };
const best = { rawReads: Infinity, sdkReads: Infinity, rawWrites: Infinity, sdkWrites: Infinity };
const record = (key: keyof typeof totals, ms: number) => {
  totals[key] += ms;
  best[key] = Math.min(best[key], ms);
};
const readBatch = Math.round(reads / batches);
const writeBatch = Math.round(writes / batches);
for (let batch = 0; batch < batches; batch++) {
  record('rawReads', await time(() => sequential(readBatch, () => rawGet())));
  record('sdkReads', await time(() => sequential(readBatch, () => api.GET('/token/user'))));
  record('rawWrites', await time(() => sequential(writeBatch, (n) => rawPost(n))));
  record(
    'sdkWrites',
    await time(() => Promise.all(Array.from({ length: writeBatch }, (_, n) => api.teams.create({ payload: team(n) })))),
  );
}

const perCall = (ms: number, count: number) => `${((ms / count) * 1000).toFixed(0)} µs`;
const line = (name: string, count: number, raw: number, sdk: number, rawBest: number, sdkBest: number, goal: number) =>
  `${name.padEnd(34)} raw ${perCall(raw, count)}  sdk ${perCall(sdk, count)}  ratio ${(sdk / raw).toFixed(2)}×` +
  `  (fastest batches ${(sdkBest / rawBest).toFixed(2)}×; goal ≤ ${goal.toFixed(2)}×)`;
console.log(`node ${process.version}, loopback, ${reads} reads and ${writes} writes in ${batches} interleaved batches`);
console.log(line('GET round trip', reads, totals.rawReads, totals.sdkReads, best.rawReads, best.sdkReads, 1.1));
console.log(
  line(
    'queued writes vs sequential POST',
    writes,
    totals.rawWrites,
    totals.sdkWrites,
    best.rawWrites,
    best.sdkWrites,
    1.15,
  ),
);
server.close();
server.closeAllConnections();
