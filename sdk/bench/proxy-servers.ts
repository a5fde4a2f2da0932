// One server of the proxy bench, in a process of its own (`bench/proxy.ts` starts them): prints its URL, then serves
// until SIGTERM (and exits cleanly then, so `--cpu-prof` writes its profile).
//   upstream           the minimal loopback API (`server.ts`): answers at once
//   export <MiB>       an API whose every answer is a CSV export of that many MiB, sent as fast as it is taken
//   ceiling <upstream> a node:http pass-through with no logic at all: the most any proxy here can keep
//   handler <upstream> createProxyHandler (fetch-standard) behind the least node:http glue a server needs
//   listener <upstream> createProxyListener, the node:http entry (what the site server mounts)
//   baseline <upstream> the same from an older build, BENCH_LISTENER_BASELINE=<its dist/proxy/listener.js>
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { createProxyHandler, type ProxyCallInfo } from '@runofshow/sdk/proxy-handler';
import { createProxyListener } from '@runofshow/sdk/proxy-listener';
import { listenLocal, startServer } from './server.js';

const [kind, upstream = ''] = process.argv.slice(2);

/** Forwards every request to the upstream's `/token/user` with the key: no route, check, limit or header rule. */
function ceiling(): (req: IncomingMessage, res: ServerResponse) => void {
  const agent = new Agent({ keepAlive: true });
  return (req, res) => {
    req.resume();
    req.on('end', () => {
      const call = request(`${upstream}/token/user`, { agent, headers: { 'x-api-key': 'bench-key' } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? '' });
        answer.pipe(res);
      });
      call.on('error', () => res.writeHead(502).end());
      call.end();
    });
  };
}

/**
 * A fetch-standard handler served over node:http: a Request in, the Response's status and headers out, then its
 * bytes as the body stream gives them, as fast as the connection takes them (what a host such as Hono's node server
 * does).
 */
function fetchGlue(handler: (request: Request, info: ProxyCallInfo) => Promise<Response>) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const body = chunks.length ? Buffer.concat(chunks) : null;
      const response = await handler(
        new Request(`http://${req.headers.host}${req.url}`, { method: req.method ?? 'GET', headers, body }),
        { remoteAddress: req.socket.remoteAddress },
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return void res.end();
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return void res.end();
          if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
        }
      } catch {
        res.destroy();
      }
    });
  };
}

/** Answers every call with a CSV of `mebibytes` MiB, written as fast as the connection takes it. */
function exportApi(mebibytes: number) {
  const total = mebibytes * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, 'id,name\n');
  return (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(total) });
    let sent = 0;
    const more = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  };
}

const options = { endpoint: upstream, apiKey: 'bench-key' };
let url: string;
if (kind === 'upstream') url = (await startServer()).endpoint;
else if (kind === 'export') url = (await listenLocal(createServer(exportApi(Number(upstream))))).url;
else if (kind === 'ceiling') url = (await listenLocal(createServer(ceiling()))).url;
else if (kind === 'handler') url = (await listenLocal(createServer(fetchGlue(createProxyHandler(options))))).url;
else if (kind === 'listener') url = (await listenLocal(createServer(createProxyListener(options)))).url;
else if (kind === 'baseline') {
  const older = pathToFileURL(process.env.BENCH_LISTENER_BASELINE ?? '').href;
  const build = (await import(older)) as { createProxyListener: typeof createProxyListener };
  url = (await listenLocal(createServer(build.createProxyListener(options)))).url;
} else throw new Error(`unknown server kind: ${kind}`);
process.on('SIGTERM', () => process.exit(0));
// Its own CPU so far (user and system, µs), for the CPU per call of `proxy-cpu.ts`.
process.on('SIGUSR2', () => {
  const { user, system } = process.cpuUsage();
  console.log(`${user} ${system}`);
});
console.log(url);
