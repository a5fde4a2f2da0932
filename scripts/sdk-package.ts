// The SDK as a user installs it (issues 13, 23): packs `sdk` once (prepack builds it and writes the manifest as
// published), then checks the tarball with publint and attw (esm-only), installs it into a throwaway project under
// the OS temp dir (outside the workspace, from npm's cache), type-checks with strict tsc under `moduleResolution`
// bundler and nodenext (a consumer file with deliberate mistakes that must be refused, and every TypeScript block of
// sdk/README.md), asks TypeScript's language service what an editor shows, starts the mock as `npm run mock` does,
// and runs the consumer checks and every README block against it.
//   --tarball <file>   check this tarball instead of packing (`npm run test:node` packs once for every runtime)
//   --consumer-only    skip publint and attw (they do not depend on the runtime)
//   --runtime <name>   run the checks on bun, deno or workerd (`--bin <path>` names its binary) instead of this
//                      Node; the types and the editor are checked on Node only, the README blocks on Node, Bun, Deno
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blockMarker, outputsByBlock, printProblem, readmeBlocks } from '@runofshow/devkit/readme-output';
import { freePort } from '@runofshow/mock-server/free-port';
import { startStack } from '@runofshow/mock-server/stack';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { RUNTIMES, type RuntimeName } from './node-versions.js';
import { packSdk } from './pack-sdk.js';
import { editorView } from './sdk-consumer/editor.js';
import { runOnWorkerd } from './sdk-consumer/workerd.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const given = args.includes('--tarball') ? args[args.indexOf('--tarball') + 1] : undefined;
const consumerOnly = args.includes('--consumer-only');
const runtime = args.includes('--runtime') ? args[args.indexOf('--runtime') + 1] : 'node';
const bin = args.includes('--bin') ? args[args.indexOf('--bin') + 1] : process.execPath;
if (!['node', 'bun', 'deno', 'workerd'].includes(runtime ?? '') || !bin) {
  console.error(
    'usage: sdk-package.ts [--tarball <file>] [--consumer-only] [--runtime node|bun|deno|workerd --bin <path>]',
  );
  process.exit(2);
}
/** The mock's address as the README writes it: each block runs against the mock this test starts instead. */
const README_MOCK = 'http://127.0.0.1:4010';
/**
 * The instantiations tsc may make type-checking the consumer and the README's blocks with `skipLibCheck: false`
 * (issue 30). 783,000 on 2026-11-26, where the tarball whose client was typed by openapi-fetch's `Client` made 957,000
 * (its declarations alone ~160,000). Most of it is one deliberate mistake in consumer.ts, a route the description
 * lacks (`api.GET('/no/such/route')`): tsc tries the call against every GET path, ~740,000, with either typing. A
 * one-line consumer makes 17,600 instantiations and 28,200 types, where it made 183,500 and 46,700.
 */
const INSTANTIATIONS_CEILING = 850_000;
/** A line of tsc's `--diagnostics`, e.g. `Instantiations: 17571`. */
const STATISTIC = /^[A-Z][A-Za-z ]+:\s+\d[\d.]*[a-zA-Z]*$/;
let failures = 0;
let passed = 0;

function check(name: string, ok: boolean, detail = ''): void {
  if (ok) passed++;
  else failures++;
  console.log(`${ok ? '✓' : '✗'} ${name}${detail ? `\n${detail}` : ''}`);
}

/**
 * A child process run to its end without blocking this one, whose event loop serves the mock's front and site.
 */
function runChild(
  command: string,
  commandArgs: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeout: number },
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: options.cwd, env: options.env });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill(), options.timeout);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output: output.trim() });
    });
  });
}

const work = mkdtempSync(join(tmpdir(), 'runofshow-sdk-'));
// The mock as `npm run mock` serves it (Prism's examples behind the scenario accounts: locked@, wrong@, …), started
// now: Prism's start is seconds of CPU that the packing and type-checks below leave room for on a second core.
const stackStarting = freePort().then((mockPort) => startStack({ mockPort, log: () => {} }));
stackStarting.catch(() => undefined);
try {
  const tarball = given ?? packSdk(work);

  // attw and the install into a consumer project outside the workspace, side by side; publint in this process.
  const attwRun =
    !consumerOnly && runtime === 'node'
      ? runChild(
          join(root, 'node_modules/.bin/attw'),
          ['--profile', 'esm-only', '--format', 'table-flipped', tarball],
          {
            cwd: root,
            env: process.env,
            timeout: 120_000,
          },
        )
      : undefined;
  const project = join(work, 'consumer');
  mkdirSync(project);
  const fixtures = fileURLToPath(new URL('sdk-consumer/', import.meta.url));
  for (const file of [
    'checks.mjs',
    'consumer.mjs',
    'worker.mjs',
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
  const installRun = runChild(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    { cwd: project, env: process.env, timeout: 120_000 },
  );

  if (attwRun) {
    const bytes = readFileSync(tarball);
    const { messages, pkg } = await publint({
      pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer },
      level: 'suggestion',
      strict: true,
    });
    check('publint finds nothing', messages.length === 0, messages.map((m) => `  ${formatMessage(m, pkg)}`).join('\n'));
    const attw = await attwRun;
    check('attw --profile esm-only finds no problem', attw.status === 0, attw.status === 0 ? '' : attw.output);
  }
  const install = await installRun;
  check(
    'the tarball installs into a project outside the workspace',
    install.status === 0,
    install.status === 0 ? '' : install.output,
  );

  // Every ```ts block of the README, each its own module.
  const readme = readFileSync(join(root, 'sdk/README.md'), 'utf8');
  const described = readmeBlocks(readme);
  const blocks = described.map((block) => block.code);
  blocks.forEach((block, n) => {
    writeFileSync(join(project, `readme-${n + 1}.ts`), `${block}\nexport {};\n`);
  });
  // Both resolutions at once, and the editor's questions in this process meanwhile; then, while they run on, the
  // consumer's checks against the mock (mostly waiting on the SDK's timers), reported after them.
  const resolutions = ['bundler', 'nodenext'] as const;
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const runs =
    runtime !== 'node'
      ? []
      : resolutions.map((resolution) =>
          // `--listFiles` names every file the program loaded and `--diagnostics` counts what checking it made, each on
          // lines of their own, apart from what tsc reports.
          runChild(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`, '--listFiles', '--diagnostics'], {
            cwd: project,
            env: process.env,
            timeout: 300_000,
          }),
        );
  // What an editor shows a user of the package: the operation's summary on hover, its source on go-to-definition.
  // Synchronous: asked before the consumer starts calling the mock this process serves.
  const editor = runtime === 'node' ? editorView(project) : undefined;
  const stack = await stackStarting;
  const mock = stack.mock.url;
  const env = { ...process.env, MOCK_URL: mock, API_KEY: 'development-api-key' };
  const other = runtime === 'node' ? undefined : RUNTIMES[runtime as RuntimeName];
  const label = other ? `${other.title} ${other.version}` : `Node ${process.versions.node}`;
  const command = runtime === 'deno' ? ['run', '--allow-net', '--allow-env', '--allow-read'] : [];
  const consumerRun =
    runtime === 'workerd'
      ? undefined
      : runChild(bin, [...command, 'consumer.mjs'], { cwd: project, env, timeout: 120_000 });
  if (editor) {
    for (const [i, resolution] of resolutions.entries()) {
      const run = await (runs[i] as (typeof runs)[number]);
      const lines = run.output.split('\n');
      const loaded = lines.filter((line) => line.startsWith(project) || line.includes('node_modules'));
      const counted = lines.filter((line) => STATISTIC.test(line));
      check(
        `strict tsc (moduleResolution ${resolution}) accepts the consumer and ${blocks.length} README blocks, refuses every mistake`,
        run.status === 0,
        run.status === 0 ? '' : lines.filter((line) => !loaded.includes(line) && !counted.includes(line)).join('\n'),
      );
      // Issue 30: with `skipLibCheck: false` tsc checks every declaration file it loads, and openapi-fetch's cost a
      // one-line consumer ~150,000 instantiations and seconds of CPU. The package declares the client's types itself
      // (src/path-client.ts), so no `.d.ts` of it may lead tsc there again.
      const fetchTypes = loaded.filter((file) => file.includes('node_modules/openapi-fetch/'));
      check(
        `the consumer's type-check (moduleResolution ${resolution}) never loads openapi-fetch's declarations`,
        run.status !== null && fetchTypes.length === 0,
        fetchTypes.map((file) => `  loaded ${file}`).join('\n'),
      );
      // Counts, not time (time flakes on a shared machine): what checking the consumer and the README's blocks made,
      // the package's declarations included, held under a ceiling a little above today's.
      const made = (name: string) => Number(counted.find((line) => line.startsWith(`${name}:`))?.split(/\s+/)[1]);
      const instantiations = made('Instantiations');
      const within = instantiations <= INSTANTIATIONS_CEILING;
      check(
        `the consumer's type-check (moduleResolution ${resolution}) makes ${instantiations} instantiations and ` +
          `${made('Types')} types, within ${INSTANTIATIONS_CEILING}`,
        within,
        within ? '' : '  over the ceiling: see which declarations grew (tsc --generateTrace) before raising it',
      );
    }
    check(
      'hovering api.users.list shows its summary; go-to-definition opens the generated TypeScript, not a .d.ts',
      editor.problems.length === 0,
      editor.problems.map((problem) => `  ${problem}`).join('\n'),
    );
  }

  try {
    if (!consumerRun) {
      const outcome = await runOnWorkerd(bin, project, mock);
      check(`the consumer checks as a Worker on ${label} against the mock`, outcome.ok, outcome.detail);
    } else {
      const consumer = await consumerRun;
      check(`the consumer checks on ${label} against the mock`, consumer.status === 0, consumer.output);
      // The README's blocks as written, the mock's address being this test's: each its own module, imported in turn
      // by one process (one runtime start instead of one per block), which names the block that failed.
      blocks.forEach((block, n) => {
        writeFileSync(join(project, `readme-${n + 1}.ts`), `${block.replaceAll(README_MOCK, mock)}\nexport {};\n`);
      });
      const files = blocks.map((_, n) => `./readme-${n + 1}.ts`);
      writeFileSync(
        join(project, 'readme-run.ts'),
        `for (const [n, file] of ${JSON.stringify(files)}.entries()) {
  console.log(\`${blockMarker(0).replace(/\d+$/, '')}\${n + 1}\`);
  try {
    await import(file);
  } catch (error) {
    console.error(\`README block \${file}:\`, error);
    throw error;
  }
}
export {};
`,
      );
      const runner = runtime === 'node' ? [join(root, 'node_modules/tsx/dist/cli.mjs')] : command;
      const result = await runChild(bin, [...runner, 'readme-run.ts'], { cwd: project, env, timeout: 120_000 });
      const failed = result.status === 0 ? [] : [result.output];
      // Each block prints what the README shows after it, so a block whose last line never ran cannot pass.
      const outputs = outputsByBlock(result.output, blocks.length);
      described.forEach((block, n) => {
        const problem = block.prints === undefined ? undefined : printProblem(outputs[n] ?? '', block.prints);
        if (problem) failed.push(`README block ${n + 1} ${problem}`);
      });
      check(
        `the ${blocks.length} README blocks run as written on ${label} against the mock`,
        failed.length === 0,
        failed.join('\n'),
      );
    }
  } finally {
    await stack.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\nsdk package: ${passed} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
