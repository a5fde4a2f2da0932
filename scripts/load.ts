// `npm run load`: requests per second and p50/p99 latency through nginx (TLS) → the host → the mock with its sandbox,
// for the login page, a read through /api and a sign-in through /api, with one host behind nginx and with two. A
// measurement, not a test: nothing is asserted. autocannon runs in a process of its own, trusting the test
// certificate. Builds what is missing first. Writes the figures, dated, into docs/measurements.md.
// LOAD_SECONDS (10) and LOAD_CONNECTIONS (10) size each run.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@runofshow/mock-server/free-port';
import { SEED_PASSWORD } from '@runofshow/mock-server/sandbox/seed';
import { startStack } from '@runofshow/mock-server/stack';
import { buildMissing } from './build.js';
import { hostEnvironment, startFront } from './drill/front.js';
import { HostProcess } from './drill/hosts.js';
import { ensureNginx } from './ensure-nginx.js';
import { writeMeasurements } from './measurements-section.js';

const seconds = Number(process.env.LOAD_SECONDS ?? 10);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 10);
const run = promisify(execFile);

interface Figure {
  hosts: number;
  what: string;
  perSecond: number;
  p50: number;
  p99: number;
  notOk: number;
  /** What the answers that were not 2xx were. */
  codes: string;
}

interface Target {
  what: string;
  path: string;
  body?: string;
}

const targets: Target[] = [
  { what: '`GET /app.login/login`', path: '/app.login/login' },
  {
    what: '`POST /api/users.hasTwoFactorAuth`',
    path: '/api/users.hasTwoFactorAuth',
    body: JSON.stringify({ params: { email: 'ada@example.com' } }),
  },
  {
    what: '`POST /api/auth.login`',
    path: '/api/auth.login',
    body: JSON.stringify({ payload: { email: 'ada@example.com', password: SEED_PASSWORD } }),
  },
];

async function load(site: string, certificate: string, target: Target): Promise<Omit<Figure, 'hosts' | 'what'>> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [cli, '-j', '-c', String(connections), '-d', String(seconds)];
  if (target.body) {
    args.push('-m', 'POST', '-H', `origin=${site}`, '-H', 'content-type=application/json', '-b', target.body);
  }
  const { stdout } = await run(process.execPath, [...args, `${site}${target.path}`], {
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, NODE_EXTRA_CA_CERTS: certificate },
  });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  const codes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count}× ${code}`);
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    notOk: result.non2xx + result.errors,
    codes: [...codes, ...(result.errors ? [`${result.errors} errors`] : [])].join(', '),
  };
}

ensureNginx();
buildMissing();
const dir = mkdtempSync(join(tmpdir(), 'load-'));
const stack = await startStack({ mockPort: await freePort(), sandbox: true });
const figures: Figure[] = [];
try {
  const sitePort = await freePort();
  const env = hostEnvironment(stack.mock.url, sitePort, { LOG_LEVEL: 'warn' });
  const hosts = [
    new HostProcess('host-a', await freePort(), env, dir),
    new HostProcess('host-b', await freePort(), env, dir),
  ];
  await Promise.all(hosts.map((host) => host.start()));
  try {
    for (const count of [1, 2]) {
      const runDir = mkdtempSync(join(dir, `nginx-${count}-`));
      const upstreams = hosts.slice(0, count).map((host) => `127.0.0.1:${host.port}`);
      const front = await startFront({ upstreams, port: sitePort, dir: runDir });
      try {
        for (const target of targets) {
          const figure = { hosts: count, what: target.what, ...(await load(front.site, front.certificate, target)) };
          figures.push(figure);
          console.log(
            `${count} host${count > 1 ? 's' : ''}  ${target.path.padEnd(28)} ${Math.round(figure.perSecond)
              .toString()
              .padStart(6)}/s  p50 ${figure.p50} ms  p99 ${figure.p99} ms${figure.notOk ? `  (${figure.codes})` : ''}`,
          );
        }
      } finally {
        await front.nginx.stop();
      }
    }
  } finally {
    await Promise.all(hosts.map((host) => host.stop()));
  }
} finally {
  await stack.stop();
}

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const table = [
  `${date} UTC, \`npm run build && npm run load\`: autocannon, ${connections} connections, ${seconds} s per figure, in a process of its own, over HTTPS (HTTP/1.1) to nginx on loopback; the hosts at \`LOG_LEVEL=warn\`; the mock with its sandbox behind Prism's validating proxy. Node ${process.versions.node}, 2 cores; load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)} at the end.`,
  '',
  '| Hosts | Request | Requests/s | p50 | p99 | not 2xx |',
  '| --- | --- | --- | --- | --- | --- |',
  ...figures.map(
    (f) =>
      `| ${f.hosts} | ${f.what} | ${Math.round(f.perSecond)} | ${f.p50} ms | ${f.p99} ms | ${f.notOk ? f.codes : 0} |`,
  ),
].join('\n');
writeMeasurements('load', 'scripts/load.ts', 'Through nginx: `npm run load`', table);
console.log(`docs/measurements.md: the figures written (${date} UTC)`);
