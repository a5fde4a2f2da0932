// `npm run test:node`: the SDK's unit tests and the package's consumer test (scripts/sdk-package.ts) on the Node
// versions users run, 22 and 24, and the consumer test on Bun, Deno and workerd, each runtime installed from its
// registry package into node_modules/.cache (once; later runs reuse it). The SDK is packed once for all of them.
// `.ci/run` calls it after `npm test`, which covers the machine's own Node.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMissing } from './build.js';
import { nodeBinary, pathWith, RUNTIMES, type RuntimeName, runtimeBinary, VERSIONS } from './node-versions.js';
import { packSdk } from './pack-sdk.js';
import { vitestCounts } from './test-reports.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// The consumer test calls the mock, which serves the bundle: on a fresh clone nothing has built it yet.
buildMissing(['openapi']);
const work = mkdtempSync(join(tmpdir(), 'runofshow-test-node-'));
let passed = 0;
let failed = 0;
const lines: string[] = [];
try {
  const tarball = packSdk(work);
  for (const version of VERSIONS) {
    const node = nodeBinary(version);
    const env = pathWith(node);
    const report = join(work, `vitest-${version}.json`);
    console.log(`\n▶ Node ${version}: the SDK's unit tests`);
    const unit = spawnSync(
      node,
      [
        join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { cwd: join(root, 'sdk'), env, stdio: 'inherit' },
    );
    const counts = vitestCounts(report) ?? { passed: 0, failed: unit.status === 0 ? 0 : 1 };
    passed += counts.passed;
    // A run that failed without a failed test (a crash, a type error at load) still counts as one failure.
    failed += counts.failed + (unit.status !== 0 && counts.failed === 0 ? 1 : 0);
    lines.push(`  Node ${version}: SDK unit tests ${counts.passed} passed, ${counts.failed} failed`);

    console.log(`\n▶ Node ${version}: the consumer test`);
    const consumer = spawnSync(
      node,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        '--conditions=source',
        'scripts/sdk-package.ts',
        '--tarball',
        tarball,
        '--consumer-only',
      ],
      { cwd: root, env, stdio: 'inherit' },
    );
    if (consumer.status === 0) passed++;
    else failed++;
    lines.push(`  Node ${version}: consumer test ${consumer.status === 0 ? 'passed' : 'FAILED'}`);
  }
  for (const name of Object.keys(RUNTIMES) as RuntimeName[]) {
    const { title, version } = RUNTIMES[name];
    console.log(`\n▶ ${title} ${version}: the consumer test`);
    const consumer = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        '--conditions=source',
        'scripts/sdk-package.ts',
        '--tarball',
        tarball,
        '--consumer-only',
        '--runtime',
        name,
        '--bin',
        runtimeBinary(name),
      ],
      { cwd: root, stdio: 'inherit' },
    );
    if (consumer.status === 0) passed++;
    else failed++;
    lines.push(`  ${title} ${version}: consumer test ${consumer.status === 0 ? 'passed' : 'FAILED'}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\n${lines.join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
