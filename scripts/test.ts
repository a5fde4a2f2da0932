// `npm test`: every check and test, in order of cost, stopping at the first failure.
// Prints each step's time and a closing "tests: N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}node_modules/.cache/test-reports`;
rmSync(reports, { recursive: true, force: true });

interface Step {
  name: string;
  command: string[];
  cwd?: string;
  env?: Record<string, string>;
}

const steps: Step[] = [
  { name: 'format and lint (biome)', command: ['npx', 'biome', 'check', '--error-on-warnings', '.'] },
  { name: 'spec lint (redocly)', command: ['npm', 'run', '--silent', 'lint', '-w', 'openapi'] },
  { name: 'bundle, proxy description and docs', command: ['npm', 'run', '--silent', 'build', '-w', 'openapi'] },
  { name: 'OWASP rules on the bundle (spectral)', command: ['npm', 'run', '--silent', 'spectral', '-w', 'openapi'] },
  { name: 'generated files are fresh', command: ['node', 'sdk/scripts/generate.mjs', '--check'] },
  { name: 'typecheck (tsc)', command: ['npm', 'run', '--silent', 'typecheck'] },
  {
    name: 'unit tests (vitest)',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/vitest.json`,
    ],
  },
  { name: 'build the sign-in app (vite)', command: ['npm', 'run', '--silent', 'build', '-w', 'web'] },
  {
    name: 'end-to-end tests (playwright, chromium)',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    cwd: `${root}web`,
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` },
  },
];

function count(): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  try {
    const v = JSON.parse(readFileSync(`${reports}/vitest.json`, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += v.numPassedTests;
    failed += v.numFailedTests;
  } catch {}
  try {
    const p = JSON.parse(readFileSync(`${reports}/playwright.json`, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    passed += p.stats.expected + p.stats.flaky;
    failed += p.stats.unexpected;
  } catch {}
  return { passed, failed };
}

const started = Date.now();
const timings: string[] = [];
let failure: string | undefined;
for (const step of steps) {
  if (step.name.startsWith('end-to-end')) {
    try {
      ensureChromium();
    } catch (error) {
      failure = (error as Error).message;
      break;
    }
  }
  console.log(`\n▶ ${step.name}`);
  const t0 = Date.now();
  const [cmd, ...args] = step.command;
  const result = spawnSync(cmd as string, args, {
    cwd: step.cwd ?? root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  timings.push(`  ${seconds.padStart(6)} s  ${step.name}`);
  if (result.status !== 0) {
    failure = `${step.name} failed (exit ${result.status ?? result.signal})`;
    break;
  }
}

const { passed, failed } = count();
console.log(`\n${timings.join('\n')}\n  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  total`);
if (failure) console.error(`\n✗ ${failure}`);
console.log(`\ntests: ${passed} passed, ${failed + (failure && failed === 0 ? 1 : 0)} failed`);
process.exit(failure ? 1 : 0);
