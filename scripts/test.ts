// `npm test`: every check and test, in order of cost, stopping at the first failure. `npm run test:unit` runs the
// first part alone (lint, the description, types, unit tests), `npm run test:e2e` the second (the builds, the drill
// with the budget and the package step beside it, the browser tests): `--only unit` / `--only e2e`. Each builds only
// what it needs and is missing or stale (scripts/build.ts). Prints each step's time and a closing "tests: N passed, N failed" line.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from '@runofshow/devkit/chromium';
import { E2E_MOCK_PORT, E2E_PORT, E2E_STACK_COMMAND, e2eReadyUrl } from '@runofshow/devkit/e2e-stack';
import { buildMissing } from './build.js';
import { ensureNginx } from './ensure-nginx.js';
import { ensurePostgres } from './ensure-postgres.js';
import { type Counts, playwrightCounts, vitestCounts } from './test-reports.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}node_modules/.cache/test-reports`;
rmSync(reports, { recursive: true, force: true });

interface Step {
  name: string;
  /** `npm run test:unit` runs the 'unit' steps, `npm run test:e2e` the 'e2e' ones; `npm test` both. */
  group: 'unit' | 'e2e';
  command: string[];
  cwd?: string;
  env?: Record<string, string>;
  /** Runs beside the following steps (its output is printed when it ends); awaited before a step that runs alone. */
  background?: boolean;
  /**
   * The background steps end before it starts: the browser tests and the drill, which load both cores and time what
   * they see, and the browser tests' stack, which serves what the build (a background step) writes.
   */
  alone?: boolean;
  /**
   * A server the steps after it use, started now and left running: awaited (it answers at this address) before a
   * step that `usesService`, and stopped when that step ends (or when the run stops early).
   */
  service?: { readyUrl: string };
  usesService?: boolean;
  /**
   * A background step's scheduling priority (os.setPriority: 0 is the default, 19 the lowest): it runs on what the
   * steps beside it leave of the cores, and at full speed once they end.
   */
  nice?: number;
  /** Background steps started as this one starts, once its `alone` barrier has passed. */
  beside?: Step[];
  /** Needs Debian's Chromium. */
  browser?: boolean;
  /** Needs Debian's nginx and its brotli module (the nginx tests, the drill). */
  nginx?: boolean;
  /** Needs Debian's PostgreSQL (the sandbox's shared-store tests). */
  postgres?: boolean;
}

const steps: Step[] = [
  { name: 'format and lint (biome)', group: 'unit', command: ['npx', 'biome', 'check', '--error-on-warnings', '.'] },
  // Beside the steps after it (as spectral and the typecheck are): it reads only the sources, and on 2 cores the
  // single-threaded steps leave a core idle (issue 27: test:unit under 2 minutes).
  {
    name: 'spec lint (redocly)',
    group: 'unit',
    command: ['npm', 'run', '--silent', 'lint', '-w', 'openapi'],
    background: true,
  },
  {
    name: 'bundle and proxy description',
    group: 'unit',
    command: ['npx', 'tsx', 'scripts/build.ts', '--missing', 'openapi'],
  },
  {
    name: 'OWASP rules on the bundle (spectral)',
    group: 'unit',
    command: ['npm', 'run', '--silent', 'spectral', '-w', 'openapi'],
    background: true,
  },
  // The freshness checks only read (the bundle and the files generated from it): beside the unit tests too, where
  // they fill what vitest leaves of the second core instead of some 10 s of one core before it.
  {
    name: 'generated files are fresh',
    group: 'unit',
    command: ['node', 'sdk/scripts/generate.mjs', '--check'],
    background: true,
  },
  {
    name: 'stale-read table is fresh',
    group: 'unit',
    command: ['npx', 'tsx', '--conditions=source', 'mock-server/scripts/stale-table.ts', '--check'],
    background: true,
  },
  {
    name: 'role table of the docs is fresh',
    group: 'unit',
    command: ['npx', 'tsx', '--conditions=source', 'mock-server/scripts/role-table.ts', '--check'],
    background: true,
  },
  {
    name: 'mock catalogue is fresh',
    group: 'unit',
    command: ['npm', 'run', '--silent', 'mock:catalogue', '--', '--check'],
    background: true,
  },
  // Beside the unit tests: vitest's two workers kept 1.7 of 2 cores busy on average (98 s for 164 CPU-s at rest), and
  // tsgo's ~15 CPU-s (one thread, scripts/typecheck.ts) fill some of the rest instead of running alone before them.
  { name: 'typecheck (tsc)', group: 'unit', command: ['npm', 'run', '--silent', 'typecheck'], background: true },
  {
    // The browser tests' part, started here: the two Redocly page builds fill what vitest leaves of a core instead of
    // lengthening the build step (`npm run test:unit` skips it; `--only e2e` starts with it).
    name: 'API reference pages (redocly build-docs)',
    group: 'e2e',
    command: ['npx', 'tsx', 'scripts/build.ts', '--missing', 'docs'],
    background: true,
  },
  {
    // `-w web` also builds the workspaces inside it: the gallery (web/ui) and the production host (web/server, with
    // tsc against the SDK's dist/), which the production walk runs as `npm run serve` does. Beside the unit tests, at a
    // low priority: nothing of the unit half reads what it writes (vitest, the typecheck and the freshness checks
    // resolve the SDK to its source: a fresh clone passes them with no dist/ at all), so it takes the cores vitest
    // leaves idle, the last files' half minute above all, instead of 20 s of its own after them (issue 27).
    name: 'build the SDK, the sign-in app, the gallery and the host (tsc, vite)',
    group: 'e2e',
    command: ['npx', 'tsx', 'scripts/build.ts', '--missing', 'sdk', 'web'],
    background: true,
    nice: 10,
  },
  {
    name: 'unit tests (vitest)',
    group: 'unit',
    nginx: true,
    postgres: true,
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/vitest.json`,
    ],
  },
  {
    // Alone (the build done, nothing at full priority beside it): nginx, two hosts, the sandbox, 55 visitors, kills
    // and faults for at least 30 s (issue 21; scripts/drill.ts, also `npm run drill`). It waits on its visitors' think
    // times, the faults and the restarts, and keeps about 1.2 of 2 cores busy: the budget and the package step run
    // beside it at a low priority, on the rest (issue 27), and what they have left runs at full speed after it.
    name: 'the fault drill: nginx, two hosts, the sandbox, 55 visitors, kills and faults',
    group: 'e2e',
    command: ['npx', 'tsx', '--conditions=source', 'scripts/drill.ts'],
    browser: true,
    nginx: true,
    alone: true,
    beside: [
      {
        // Bytes, not timing: the built app's JavaScript per route against its budget (web/scripts/budget.ts).
        name: 'JavaScript budget per route of the built sign-in app (gzip, chromium)',
        group: 'e2e',
        command: ['npm', 'run', '--silent', 'budget', '-w', '@runofshow/web'],
        browser: true,
        background: true,
        nice: 10,
      },
      {
        // Packs the SDK from its dist/ and checks it as a consumer installs it; it reads nothing the budget or the
        // drill write.
        name: 'the SDK as a package: publint, attw, a consumer project, README types',
        group: 'e2e',
        command: ['npx', 'tsx', '--conditions=source', 'scripts/sdk-package.ts'],
        background: true,
        nice: 10,
      },
    ],
  },
  {
    // The browser tests' stack (the Playwright config's webServer, the same command and ports), started as the drill
    // ends: its ten seconds of one core overlap what the budget and the package step have left, instead of opening
    // the browser tests with a core idle (issue 27). The build it serves ended before the drill began.
    name: "the browser tests' stack (the built app's host, the mock, the sandbox)",
    group: 'e2e',
    command: ['npx', ...E2E_STACK_COMMAND],
    cwd: `${root}web`,
    env: { PORT: String(E2E_PORT), MOCK_PORT: String(E2E_MOCK_PORT) },
    service: { readyUrl: e2eReadyUrl() },
  },
  {
    name: 'end-to-end tests (playwright, chromium)',
    group: 'e2e',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    cwd: `${root}web`,
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`, E2E_STACK: 'started' },
    browser: true,
    alone: true,
    usesService: true,
  },
];

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only !== undefined && only !== 'unit' && only !== 'e2e') {
  console.error(`--only takes unit or e2e, not ${only}`);
  process.exit(2);
}
// The browser half needs the bundle the unit half builds (Prism serves it): built here when missing or stale.
if (only === 'e2e') buildMissing(['openapi']);

function count(): Counts {
  const found = [vitestCounts(`${reports}/vitest.json`), playwrightCounts(`${reports}/playwright.json`)];
  return found.reduce<Counts>(
    (sum, counts) => ({ passed: sum.passed + (counts?.passed ?? 0), failed: sum.failed + (counts?.failed ?? 0) }),
    { passed: 0, failed: 0 },
  );
}

/**
 * CPU-seconds the steps' processes used so far, from Linux's count of this process's finished children and every
 * descendant they waited for (Chromium's processes included); undefined elsewhere. Wall time alone misleads on a
 * loaded machine, where a step's CPU stays what it is.
 */
function childCpu(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // Fields 16 and 17 (cutime, cstime) of proc(5), counted from the state field, which is field 3.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
const cpuText = (before: number | undefined) => {
  const now = childCpu();
  return before === undefined || now === undefined ? '' : `  (${(now - before).toFixed(0)} CPU-s)`;
};

const started = Date.now();
const cpuAtStart = childCpu();
const timings: string[] = [];
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1).padStart(6);
let failure: string | undefined;
const background: Promise<void>[] = [];
let backgroundEnded = 0;

function runInBackground(step: Step): Promise<void> {
  const t0 = Date.now();
  const [cmd, ...args] = step.command;
  const child = spawn(cmd as string, args, { cwd: step.cwd ?? root, env: { ...process.env, ...step.env } });
  // Inherited by what it starts (set before npx has started anything: it is still loading node).
  if (step.nice && child.pid !== undefined) setPriority(child.pid, step.nice);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      backgroundEnded++;
      console.log(`\n▶ ${step.name} (ran beside the steps above)\n${output.trim()}`);
      timings.push(`  ${seconds(t0)} s  ${step.name} (in the background)`);
      if (code !== 0 && !failure) failure = `${step.name} failed (exit ${code})`;
      resolve();
    });
  });
}

interface Service {
  step: Step;
  child: ChildProcess;
  output: string;
  exited: Promise<number | null>;
}
const services: Service[] = [];

function startService(step: Step): void {
  const [cmd, ...args] = step.command;
  // Its own process group, so stopping it reaches npx, tsx and the node process that serves.
  const child = spawn(cmd as string, args, {
    cwd: step.cwd ?? root,
    env: { ...process.env, ...step.env },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const service: Service = {
    step,
    child,
    output: '',
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  child.stderr?.on('data', (chunk) => {
    service.output += chunk;
  });
  services.push(service);
}

/** Resolves once every service answers at its address; a service that exits or stays silent for a minute fails. */
async function servicesReady(): Promise<string | undefined> {
  for (const service of services) {
    const url = service.step.service?.readyUrl as string;
    let exited: number | null | undefined;
    void service.exited.then((code) => {
      exited = code;
    });
    for (const until = Date.now() + 60_000; ; ) {
      if (exited !== undefined) return `${service.step.name} exited (${exited}) before it answered:\n${service.output}`;
      const ok = await fetch(url).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > until)
        return `${service.step.name} did not answer at ${url} within a minute:\n${service.output}`;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return undefined;
}

/**
 * The browser tests' sandbox, asked once they end: no answer of the whole run may have broken the description. The
 * sandbox walk checks the same line for its own calls, and it runs first now (web/playwright.config.ts), so the
 * count over every spec's calls is read here, from the outbox page a visitor reads it on.
 */
async function sandboxContract(): Promise<string | undefined> {
  const page = await fetch(`http://127.0.0.1:${E2E_MOCK_PORT}/outbox/`).then(
    (response) => response.text(),
    (error) => `unreachable: ${String(error)}`,
  );
  const line = /<p data-testid="contract">([^<]*)<\/p>/.exec(page)?.[1];
  const broken = /(\d+) answers? breaking/.exec(line ?? '')?.[1];
  console.log(`\n▶ the browser tests' sandbox: ${line ?? 'no contract line on its outbox page'}`);
  if (broken === undefined) return "the browser tests' sandbox showed no contract line";
  return broken === '0' ? undefined : `the browser tests' sandbox gave ${broken} answers breaking the description`;
}

/** Ctrl-C, as a developer stops `npm start`; killed if it has not exited after ten seconds. */
async function stopServices(): Promise<void> {
  await Promise.all(
    services.splice(0).map(async (service) => {
      const pid = service.child.pid;
      if (pid === undefined || service.child.exitCode !== null) return;
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-pid, name);
        } catch {
          // already gone
        }
      };
      signal('SIGINT');
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      await service.exited;
      clearTimeout(timer);
      // What Playwright printed of its webServer's stderr (a contract violation the stack reported, say), said here.
      if (service.output.trim()) console.log(`\n▶ ${service.step.name} wrote:\n${service.output.trim()}`);
    }),
  );
}

for (const step of steps.filter((step) => !only || step.group === only)) {
  if (failure) break;
  if (step.alone) {
    await Promise.all(background);
    if (failure) break;
  }
  try {
    for (const one of [step, ...(step.beside ?? [])]) {
      if (one.browser) ensureChromium();
      if (one.nginx) ensureNginx();
      if (one.postgres) ensurePostgres();
    }
  } catch (error) {
    failure = (error as Error).message;
    break;
  }
  for (const one of step.beside ?? []) {
    console.log(`\n▶ ${one.name}: started in the background, beside the next step`);
    background.push(runInBackground(one));
  }
  if (step.service) {
    console.log(`\n▶ ${step.name}: started, for the steps after it`);
    startService(step);
    continue;
  }
  if (step.usesService) {
    const problem = await servicesReady();
    if (problem) {
      failure = problem;
      break;
    }
  }
  if (step.background) {
    console.log(`\n▶ ${step.name}: started in the background`);
    background.push(runInBackground(step));
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const t0 = Date.now();
  const cpu0 = childCpu();
  const ended0 = backgroundEnded;
  const [cmd, ...args] = step.command;
  // Asynchronous, so the background steps' output keeps draining meanwhile.
  const status = await new Promise<number | null>((resolve) => {
    spawn(cmd as string, args, { cwd: step.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...step.env } }).on(
      'close',
      resolve,
    );
  });
  // A background step that ended meanwhile is counted in this step's CPU too: said so.
  const shared = backgroundEnded === ended0 ? '' : ' with the background step';
  timings.push(`  ${seconds(t0)} s  ${step.name}${cpuText(cpu0)}${shared}`);
  if (status !== 0) failure = `${step.name} failed (exit ${status})`;
  if (step.usesService) {
    const broken = await sandboxContract();
    if (broken && !failure) failure = broken;
    await stopServices();
  }
}
await Promise.all(background);
await stopServices();

const { passed, failed } = count();
console.log(`\n${timings.join('\n')}\n  ${seconds(started)} s  total${cpuText(cpuAtStart)}`);
if (failure) console.error(`\n✗ ${failure}`);
console.log(`\ntests: ${passed} passed, ${failed + (failure && failed === 0 ? 1 : 0)} failed`);
process.exit(failure ? 1 : 0);
