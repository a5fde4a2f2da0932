// `npm run typecheck`: every workspace's tsconfig, checked by TypeScript 7's native compiler (`tsgo`, from
// @typescript/native-preview): about a fifth of TypeScript 5.9's CPU (21 s against 105 s for the eight projects). 5.9
// stays the `typescript` package, and its `tsc` the one the builds emit with, for what needs its JavaScript API
// (openapi-typescript, the architecture test, the SDK's editor check); a second `tsc` binary would make npm's
// `.bin/tsc` depend on install order.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsgo = fileURLToPath(new URL('../node_modules/@typescript/native-preview/bin/tsgo', import.meta.url));
export const PROJECTS = ['openapi', 'sdk', 'web', 'web/ui', 'web/server', 'web/scripts', 'mock-server', 'scripts'];
// Checked as one program: their tsconfigs give the same options (Node's types, no DOM), and each program checked again
// the SDK's and the sandbox's sources the others import (6.4 against 2.8 CPU-s for the four, 2026-11-26). In one program
// a file sees what it saw alone, as none of them declares anything global; mock-server's tests do (they add to vitest's
// ProvidedContext), so mock-server stays a program of its own, as do those with other options.
const TOGETHER = ['openapi', 'web/server', 'web/scripts', 'scripts'];

interface TsConfig {
  extends?: string;
  compilerOptions?: object;
  include?: string[];
}

/** One tsconfig including what each of `projects` includes, with the options they all give; its folder. */
function together(projects: string[]): string {
  const rootConfig = join(root, 'tsconfig.json');
  const configs = projects.map((project) => {
    const path = join(root, project, 'tsconfig.json');
    const config = JSON.parse(readFileSync(path, 'utf8')) as TsConfig;
    const own = Object.keys(config).filter((key) => !['//', 'extends', 'compilerOptions', 'include'].includes(key));
    const extended = config.extends && join(root, project, config.extends);
    if (own.length || extended !== rootConfig || !config.include) {
      throw new Error(
        `${path}: not only extends the root's, options and include; check it alone (scripts/typecheck.ts)`,
      );
    }
    return config;
  });
  const options = JSON.stringify(configs[0]?.compilerOptions);
  const differing = projects.filter((_, i) => JSON.stringify(configs[i]?.compilerOptions) !== options);
  if (differing.length) throw new Error(`${differing.join(', ')}: other options than ${projects[0]}; check alone`);
  const dir = join(root, 'node_modules/.cache/typecheck');
  mkdirSync(dir, { recursive: true });
  const up = relative(dir, root);
  const include = projects.flatMap((project, i) => (configs[i]?.include ?? []).map((path) => join(up, project, path)));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: join(up, 'tsconfig.json'), compilerOptions: configs[0]?.compilerOptions, include }),
  );
  return dir;
}

// One thread per program: tsgo's four checkers each resolve again the types their files share (the SDK's generated
// ones above all), a third more CPU for all eight (23 against 15 CPU-s, 2026-11-26), and this step runs beside the
// unit tests, which want the CPU, not a shorter typecheck.
const programs: [string, string][] = [
  [TOGETHER.join(', '), together(TOGETHER)],
  ...PROJECTS.filter((project) => !TOGETHER.includes(project)).map((project): [string, string] => [project, project]),
];
const failed = programs.flatMap(([name, project]) => {
  const result = spawnSync(process.execPath, [tsgo, '-p', project, '--singleThreaded'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0 ? [] : [name];
});
if (failed.length) {
  console.error(`tsc found errors in ${failed.join('; ')}`);
  process.exit(1);
}
