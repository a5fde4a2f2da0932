// Figures for docs/measurements.md (measured, never asserted): the production host as `npm run serve` runs it, beside
// `npm start` measured in the same run. For each: the time from spawning the process to its first answer, its
// resident memory at rest, and requests per second (autocannon, in a process of its own) on /app.login/login and
// through /api (users.hasTwoFactorAuth, answered by the sandbox behind Prism). The host alone talks to
// `npm run mock -- --sandbox`, npm start to its own mock; both in proxy mode. Then the host twice more: with
// LOG_LEVEL=warn (what its request lines cost; npm start logs at warn), and in front of a backend that answers at once
// (its own ceiling through /api, the mock's time aside). Needs `npm run build` first.
// Run: npx tsx --conditions=source scripts/measure-host.ts [seconds per load, 10]
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.argv[2] ?? 10);
const connections = 10;
const run = promisify(execFile);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Resident memory of a process, in MiB (Linux). */
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

async function firstAnswer(url: string, since: number, timeoutMs = 90_000): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} never answered`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function launch(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: 'ignore',
  });
}

async function load(url: string, post?: { origin: string; body: string }): Promise<string> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [cli, '-j', '-c', String(connections), '-d', String(seconds)];
  if (post) {
    args.push('-m', 'POST', '-H', `origin=${post.origin}`, '-H', 'content-type=application/json', '-b', post.body);
  }
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { requests: { average: number }; non2xx: number; errors: number };
  const bad = result.non2xx + result.errors;
  return `${Math.round(result.requests.average)}/s${bad ? ` (${bad} not 2xx)` : ''}`;
}

interface Figures {
  startMs: number;
  rssMiB: number;
  login: string;
  api: string;
  rssAfterMiB: number;
}

async function measure(child: ChildProcess, site: string, started: number, readyPath: string): Promise<Figures> {
  const startMs = await firstAnswer(`${site}${readyPath}`, started);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssMiB = rss(child.pid ?? 0);
  const body = JSON.stringify({ params: { email: 'ada@example.com' } });
  // A short warm-up, so both are measured with their code compiled.
  await fetch(`${site}/app.login/login`).then((r) => r.arrayBuffer());
  const login = await load(`${site}/app.login/login`);
  const api = await load(`${site}/api/users.hasTwoFactorAuth`, { origin: site, body });
  return { startMs, rssMiB, login, api, rssAfterMiB: rss(child.pid ?? 0) };
}

const stop = (child: ChildProcess) => {
  if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
};

const [mockPort, startPort, startMockPort] = await Promise.all([freePort(), freePort(), freePort()]);
const mock = launch(
  ['--import', 'tsx', '--conditions=source', 'mock-server/scripts/mock.ts', '--sandbox', '--no-build'],
  {
    MOCK_PORT: String(mockPort),
  },
);
// A backend that answers every call at once, in this process.
const instant = createHttpServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"hasTwoFactorAuth":false}');
});
await new Promise<void>((resolve) => instant.listen(0, '127.0.0.1', resolve));
const instantPort = (instant.address() as { port: number }).port;
const hosts: ChildProcess[] = [];
let dev: ChildProcess | undefined;

async function serve(apiPort: number, logLevel: string): Promise<Figures> {
  const port = await freePort();
  const started = performance.now();
  const host = launch(['web/server/dist/main.js'], {
    API_ORIGIN: `http://127.0.0.1:${apiPort}`,
    API_KEY: 'measure-key',
    HCAPTCHA_SITEKEY: 'off',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: logLevel,
    SHUTDOWN_DELAY: '0',
  });
  hosts.push(host);
  const figures = await measure(host, `http://127.0.0.1:${port}`, started, '/healthz');
  stop(host);
  return figures;
}

try {
  await firstAnswer(`http://127.0.0.1:${mockPort}/outbox/`, performance.now());
  const served = await serve(mockPort, 'info');
  const quiet = await serve(mockPort, 'warn');
  const ceiling = await serve(instantPort, 'info');

  const devStarted = performance.now();
  dev = launch(['--import', 'tsx', '--conditions=source', 'scripts/start.ts', '--no-build'], {
    API_MODE: 'proxy',
    PORT: String(startPort),
    MOCK_PORT: String(startMockPort),
  });
  // npm start answers once its mock (Prism on the whole description) and its host are up.
  const started = await measure(dev, `http://127.0.0.1:${startPort}`, devStarted, '/app.login/login');

  const row = (name: string, f: Figures) =>
    `${name.padEnd(24)} start ${(f.startMs / 1000).toFixed(2)} s, RSS at rest ${f.rssMiB.toFixed(0)} MiB (after load ${f.rssAfterMiB.toFixed(0)} MiB), /app.login/login ${f.login}, /api ${f.api}`;
  console.log(`Node ${process.version}, ${connections} connections, ${seconds} s per load`);
  console.log(row('npm run serve', served));
  console.log(row('npm start', started));
  console.log(row('serve, LOG_LEVEL=warn', quiet));
  console.log(row('serve, instant backend', ceiling));
} finally {
  for (const child of [...hosts, dev, mock]) if (child) stop(child);
  instant.close();
}
