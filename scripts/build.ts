// The build as every command meets it: `npm run build` builds everything; `npm start`, the drill, the load and
// `npm run mock` build only the parts that are missing or older than their sources (issue 27: on a fresh clone
// `npm start` built the app but not the SDK its host compiles against, and failed). A part is fresh when the
// content hash of its inputs matches the one recorded when it was last built (node_modules/.cache/build/, never
// in a folder that is packed or served).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamps = join(root, 'node_modules/.cache/build');

/** Runs an npm script in the repository and stops the process when it fails. */
export function npmRun(args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync('npm', ['run', '--silent', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`\`npm run ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

function runTogether(scripts: string[][]): void {
  const result = spawnSync(process.execPath, [join(root, 'scripts/run-together.mjs'), JSON.stringify(scripts)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export interface Part {
  name: 'openapi' | 'docs' | 'sdk' | 'web';
  /** What `npm run` builds it. */
  script: string[];
  /** Or the `npm run`s that build it, run at once (they share nothing): scripts/run-together.mjs. */
  together?: string[][];
  /** Files and folders (from the root) whose content decides whether the part is fresh. */
  inputs: string[];
  /** Files (from the root) a built part has; a missing one means it must be built. */
  outputs: string[];
}

// Folder names that hold what a build or a test run writes, never a build's input.
const OUTPUT_FOLDERS = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'dist-gallery',
  'test-results',
  'playwright-report',
  '.cache',
  'e2e',
  'test',
]);

const shared = ['package-lock.json', 'tsconfig.json'];
// The mock's control API is described beside the API (mock-server/openapi), its reference page built with the API's.
const description = [
  'openapi',
  'mock-server/openapi',
  'redocly.yaml',
  'scripts/proxy-description.ts',
  // The MSW twin's slimmer copy of the bundle is written with it.
  'mock-server/scripts/msw-description.ts',
  'mock-server/src/msw/slim-description.ts',
  ...shared,
];
const sdk = ['sdk/src', 'sdk/scripts', 'sdk/package.json', 'sdk/tsconfig.json', 'sdk/tsconfig.build.json'];

/** In the order they build: each part's inputs include those of the parts it is built from. */
export const PARTS: Part[] = [
  {
    name: 'openapi',
    script: ['build:description', '-w', 'openapi'],
    inputs: description,
    outputs: ['openapi/dist/openapi.json', 'openapi/dist/openapi.proxy.json', 'openapi/dist/openapi.msw.json'],
  },
  // A part of its own: the unit tests read the bundle, never its reference pages, whose two Redocly builds are
  // seconds of CPU that `npm run test:unit` need not wait for (issue 27); the browser tests' build makes them.
  {
    name: 'docs',
    script: ['docs', '-w', 'openapi'],
    inputs: description,
    outputs: ['openapi/dist/docs/index.html', 'openapi/dist/docs/mock-control/index.html'],
  },
  { name: 'sdk', script: ['build', '-w', 'sdk'], inputs: [...sdk, ...shared], outputs: ['sdk/dist/index.js'] },
  {
    name: 'web',
    // `npm run build -w web` builds the three workspaces under web/ one after the other; each leaves a core idle much
    // of its time, and the host compiles against sdk/dist, which the part before this one built.
    script: ['build', '-w', 'web'],
    together: [
      ['build', '-w', '@runofshow/web'],
      ['build', '-w', '@runofshow/ui'],
      ['build', '-w', '@runofshow/server'],
    ],
    inputs: ['web', ...sdk, ...description],
    outputs: ['web/dist/index.html', 'web/ui/dist/index.html', 'web/server/dist/main.js'],
  },
];

function files(base: string, path: string, into: string[]): void {
  const full = join(base, path);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    into.push(path);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!OUTPUT_FOLDERS.has(entry.name)) files(base, join(path, entry.name), into);
    } else if (entry.isFile() && !entry.name.endsWith('.tsbuildinfo')) {
      into.push(join(path, entry.name));
    }
  }
}

/** The content hash of a part's inputs below `base` (the repository): paths and bytes, in a stable order. */
export function inputHash(part: Pick<Part, 'inputs'>, base = root): string {
  const list: string[] = [];
  for (const input of part.inputs) files(base, input, list);
  const hash = createHash('sha256');
  for (const file of [...new Set(list)].sort()) {
    const full = join(base, file);
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

const stampOf = (part: Part) => join(stamps, `${part.name}.sha256`);

/** Whether the part's outputs are there and were built from the inputs as they are now. */
export function isFresh(part: Part): boolean {
  if (!part.outputs.every((output) => existsSync(join(root, output)))) return false;
  const stamp = stampOf(part);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === inputHash(part);
}

function build(part: Part): void {
  rmSync(stampOf(part), { force: true });
  if (part.together) runTogether(part.together);
  else npmRun(part.script);
  // A part whose outputs are not where this table says would be rebuilt by every command: say so at once.
  const missing = part.outputs.filter((output) => !existsSync(join(root, output)));
  if (missing.length) {
    console.error(`\`npm run ${part.script.join(' ')}\` did not write ${missing.join(', ')} (scripts/build.ts PARTS).`);
    process.exit(1);
  }
  mkdirSync(stamps, { recursive: true });
  writeFileSync(stampOf(part), inputHash(part));
}

/** `npm run build`: every part (or the named ones), whatever its state. */
export function buildAll(names: Part['name'][] = PARTS.map((part) => part.name)): void {
  for (const part of PARTS) if (names.includes(part.name)) build(part);
}

/** Builds the parts that are missing or stale, in order, and says which it skipped. Returns the names it built. */
export function buildMissing(names: Part['name'][] = PARTS.map((part) => part.name)): Part['name'][] {
  const built: Part['name'][] = [];
  for (const part of PARTS) {
    if (!names.includes(part.name)) continue;
    if (isFresh(part)) continue;
    console.log(`▶ building ${part.name} (missing or older than its sources)`);
    build(part);
    built.push(part.name);
  }
  return built;
}

// `tsx scripts/build.ts [--missing] [openapi] [docs] [sdk] [web]`: `npm run build` (every part, or the named ones);
// `--missing` builds only those missing or stale, as the build steps of `npm test` do.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = process.argv.includes('--missing');
  const names = process.argv.slice(2).filter((arg) => arg !== '--missing');
  const unknown = names.filter((name) => !PARTS.some((part) => part.name === name));
  if (unknown.length) {
    console.error(`No part named ${unknown.join(', ')}: the parts are ${PARTS.map((part) => part.name).join(', ')}.`);
    process.exit(2);
  }
  const parts = names.length ? (names as Part['name'][]) : undefined;
  if (!missing) buildAll(parts);
  else if (buildMissing(parts).length === 0) console.log(`fresh: ${names.join(', ') || 'every part'}`);
}
