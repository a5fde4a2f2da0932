// The proxy hop's cost: requests per second through the proxy handler's `/api/tokens.getUser` against a minimal
// upstream that answers at once, beside the same call straight to that upstream; 50 connections each (autocannon),
// both sides interleaved in one run. Goal: the hop keeps ≥ 75 % of the direct throughput.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import autocannon from 'autocannon';
import { createProxyHandler } from '../src/proxy/handler.js';
import { listenLocal, startServer } from './server.js';
import { quantile } from './stats.js';

/** Serves a fetch-standard handler over node:http: the least glue a server needs to mount it. */
async function serve(handler: (request: Request) => Promise<Response>): Promise<{ url: string; close(): void }> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const body = chunks.length ? Buffer.concat(chunks) : null;
      const response = await handler(
        new Request(`http://${req.headers.host}${req.url}`, { method: req.method ?? 'GET', headers, body }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  return listenLocal(server);
}

export async function benchProxy(rounds: number, seconds: number): Promise<void> {
  const upstream = await startServer();
  const proxy = await serve(createProxyHandler({ endpoint: upstream.endpoint, apiKey: 'bench-key' }));
  const same = { origin: proxy.url, 'sec-fetch-site': 'same-origin' };
  const sides = {
    direct: { url: `${upstream.endpoint}/token/user`, method: 'GET', headers: { 'x-api-key': 'bench-key' } },
    proxy: {
      url: `${proxy.url}/api/tokens.getUser`,
      method: 'POST',
      headers: { ...same, 'content-type': 'application/json' },
      body: '{}',
    },
  } as const;
  const perSecond: Record<keyof typeof sides, number[]> = { direct: [], proxy: [] };
  try {
    for (let round = 0; round < rounds + 1; round++) {
      const order: (keyof typeof sides)[] = round % 2 === 0 ? ['direct', 'proxy'] : ['proxy', 'direct'];
      for (const side of order) {
        const result = await autocannon({ ...sides[side], connections: 50, duration: seconds });
        if (result.non2xx || result.errors)
          throw new Error(`${side}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        // Round 0 warms both servers up and is not counted.
        if (round > 0) perSecond[side].push(result.requests.average);
      }
    }
  } finally {
    proxy.close();
    upstream.close();
  }
  const kept = perSecond.proxy.map((value, round) => value / (perSecond.direct[round] ?? Number.NaN));
  const range = (values: number[], digits = 0) =>
    `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
  console.log(`proxy hop, 50 connections, ${rounds} interleaved rounds of ${seconds} s per side:`);
  console.log(`  direct to the upstream  ${range(perSecond.direct)} req/s`);
  console.log(`  through /api            ${range(perSecond.proxy)} req/s`);
  console.log(
    `  kept ${range(kept.map((k) => k * 100))} % of direct per round (median ${(quantile(kept, 0.5) * 100).toFixed(0)} %)  goal ≥ 75 %`,
  );
}
