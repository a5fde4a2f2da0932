// The SDK as a user installs it (issue 13): packs `sdk` once (prepack builds it and writes the manifest as
// published), then checks the tarball with publint and attw (esm-only), installs it into a throwaway project under
// the OS temp dir (outside the workspace, from npm's cache), runs an ESM script against the real mock in direct and
// proxy mode, and type-checks with strict tsc under `moduleResolution` bundler and nodenext: a consumer file with
// deliberate mistakes that must be refused, and every TypeScript block of sdk/README.md.
//   --tarball <file>  check this tarball instead of packing (`npm run test:node` packs once for every Node)
//   --consumer-only   skip publint and attw (they do not depend on the Node that runs them)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@runofshow/mock-server/free-port';
import { startPrism } from '@runofshow/mock-server/prism';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { packSdk } from './pack-sdk.js';
import { editorView } from './sdk-consumer/editor.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const given = args.includes('--tarball') ? args[args.indexOf('--tarball') + 1] : undefined;
const consumerOnly = args.includes('--consumer-only');
let failures = 0;
let passed = 0;

function check(name: string, ok: boolean, detail = ''): void {
  if (ok) passed++;
  else failures++;
  console.log(`${ok ? '✓' : '✗'} ${name}${detail ? `\n${detail}` : ''}`);
}

const work = mkdtempSync(join(tmpdir(), 'runofshow-sdk-'));
try {
  const tarball = given ?? packSdk(work);

  if (!consumerOnly) {
    const bytes = readFileSync(tarball);
    const { messages, pkg } = await publint({
      pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer },
      level: 'suggestion',
      strict: true,
    });
    check('publint finds nothing', messages.length === 0, messages.map((m) => `  ${formatMessage(m, pkg)}`).join('\n'));
    const attw = spawnSync(
      join(root, 'node_modules/.bin/attw'),
      ['--profile', 'esm-only', '--format', 'table-flipped', tarball],
      {
        encoding: 'utf8',
      },
    );
    check(
      'attw --profile esm-only finds no problem',
      attw.status === 0,
      attw.status === 0 ? '' : attw.stdout + attw.stderr,
    );
  }

  const project = join(work, 'consumer');
  mkdirSync(project);
  const fixtures = fileURLToPath(new URL('sdk-consumer/', import.meta.url));
  for (const file of [
    'consumer.mjs',
    'consumer.ts',
    'globals.d.ts',
    'tsconfig.bundler.json',
    'tsconfig.nodenext.json',
  ]) {
    writeFileSync(join(project, file), readFileSync(join(fixtures, file)));
  }
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'sdk-consumer',
      private: true,
      type: 'module',
      dependencies: { '@runofshow/sdk': `file:${tarball}` },
    }),
  );
  // From npm's cache (npm ci filled it); the registry only for what the cache lacks.
  const install = spawnSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    {
      cwd: project,
      encoding: 'utf8',
    },
  );
  check('the tarball installs into a project outside the workspace', install.status === 0, install.stderr);

  // Every ```ts block of the README, each its own module.
  const readme = readFileSync(join(root, 'sdk/README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  blocks.forEach((block, n) => {
    writeFileSync(join(project, `readme-${n + 1}.ts`), `${block}\nexport {};\n`);
  });
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  for (const resolution of ['bundler', 'nodenext']) {
    const run = spawnSync(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], {
      cwd: project,
      encoding: 'utf8',
    });
    check(
      `strict tsc (moduleResolution ${resolution}) accepts the consumer and ${blocks.length} README blocks, refuses every mistake`,
      run.status === 0,
      run.stdout + run.stderr,
    );
  }

  // What an editor shows a user of the package: the operation's summary on hover, its source on go-to-definition.
  const editor = editorView(project);
  check(
    'hovering api.users.list shows its summary; go-to-definition opens the generated TypeScript, not a .d.ts',
    editor.problems.length === 0,
    editor.problems.map((problem) => `  ${problem}`).join('\n'),
  );

  const port = await freePort();
  const prism = await startPrism({ spec: join(root, 'openapi/dist/openapi.json'), port });
  try {
    const run = spawnSync(process.execPath, ['consumer.mjs'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, MOCK_URL: prism.url },
      timeout: 120_000,
    });
    check(
      `an ESM script against the mock on Node ${process.versions.node}`,
      run.status === 0,
      (run.stdout + run.stderr).trim(),
    );
  } finally {
    await prism.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\nsdk package: ${passed} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
