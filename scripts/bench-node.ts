// `npm run bench:node`: the SDK's benchmark (sdk/bench/bench.ts, on the built package) on the machine's Node and
// on each version users run (scripts/node-versions.ts), one after the other. A measurement, not a test: it prints.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBinary, pathWith, VERSIONS } from './node-versions.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const build = spawnSync('npm', ['run', 'build', '-w', 'sdk'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
for (const node of [process.execPath, ...VERSIONS.map(nodeBinary)]) {
  const run = spawnSync(node, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'bench/bench.ts'], {
    cwd: join(root, 'sdk'),
    env: pathWith(node),
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
  console.log();
}
