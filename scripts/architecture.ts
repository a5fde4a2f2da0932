// The one-way rule of the repository, as data and a check (scripts/architecture.test.ts runs it on the real tree).
// Workspaces depend in one order, openapi → sdk → ui → web; mock-server may use sdk and openapi; the production host
// (web/server) uses the SDK alone, and the mock never uses the host (the compositions in scripts/ and web/scripts/
// put them together); nothing imports the app. scripts/devkit (`@runofshow/devkit`: listen(), the raw HTTP client of
// the edge tests, Debian's Chromium and its flags) imports no workspace; the mock, the host, the app's scripts and
// tests and the root scripts use it; the SDK, the description and the UI package never do, so none of it ships in them. Inside the app (web/src), features are islands: a feature imports no other feature and not the shell
// (app/), and the shared parts (components/, lib/) import neither.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

export interface Workspace {
  /** Folder from the repository root, posix separators; '' is the root package (scripts/, configs). */
  dir: string;
  name: string;
}

/** One import: the importing file (posix, from the repository root) and the specifier as written. */
export interface Import {
  file: string;
  spec: string;
}

/** Which workspaces each may import, by folder; the app is in no list, so nothing outside it imports it. */
export const allowed: Record<string, readonly string[]> = {
  openapi: [],
  sdk: ['openapi'],
  'scripts/devkit': [],
  'mock-server': ['openapi', 'sdk', 'scripts/devkit'],
  'web/ui': ['openapi', 'sdk'],
  'web/server': ['sdk', 'scripts/devkit'],
  web: ['openapi', 'sdk', 'web/ui', 'web/server', 'mock-server', 'scripts/devkit'],
  '': ['openapi', 'sdk', 'mock-server', 'web/ui', 'web/server', 'scripts/devkit'],
};

const APP = 'web/src/';

/** The workspace a repository path belongs to: the deepest workspace folder that holds it. */
export function workspaceOf(path: string, workspaces: readonly Workspace[]): Workspace {
  const holders = workspaces.filter((w) => w.dir === '' || path.startsWith(`${w.dir}/`));
  return holders.reduce((deepest, w) => (w.dir.length > deepest.dir.length ? w : deepest));
}

/** The part of the app a path is in: 'app', 'components', 'lib', 'feature:<name>', or undefined (entries, outside). */
export function areaOf(path: string): string | undefined {
  if (!path.startsWith(APP)) return undefined;
  const [top, name] = path.slice(APP.length).split('/');
  if (top === 'features' && name) return `feature:${name}`;
  return top === 'app' || top === 'components' || top === 'lib' ? top : undefined;
}

/** Every broken rule among `imports`, one line each, naming the file, the specifier and the rule. */
export function violations(imports: readonly Import[], workspaces: readonly Workspace[]): string[] {
  const byName = new Map(workspaces.map((w) => [w.name, w]));
  const found: string[] = [];
  for (const { file, spec } of imports) {
    const say = (rule: string) => found.push(`${file}: '${spec}' — ${rule}`);
    const from = workspaceOf(file, workspaces);
    let target: Workspace | undefined;
    let path: string | undefined;
    if (spec.startsWith('.')) {
      path = posix.normalize(posix.join(posix.dirname(file), spec));
      target = workspaceOf(path, workspaces);
      if (target !== from) say(`a relative import crosses from workspace '${from.dir || '.'}' into '${target.dir}'`);
    } else {
      const name = spec.split('/').slice(0, 2).join('/');
      target = byName.get(name);
    }
    if (!target || target === from) {
      if (path) checkAreas(file, path, say);
      continue;
    }
    if (target.dir === 'web') say('nothing outside the app imports the app (web)');
    else if (!(allowed[from.dir] ?? []).includes(target.dir)) {
      say(`against the order openapi → sdk → ui → web: '${from.dir || '.'}' may not use '${target.dir}'`);
    }
  }
  return found;
}

function checkAreas(file: string, target: string, say: (rule: string) => void): void {
  const from = areaOf(file);
  const to = areaOf(target);
  if (!from || !to || from === to) return;
  if (from.startsWith('feature:') && to.startsWith('feature:')) say('a feature imports another feature');
  else if (from.startsWith('feature:') && to === 'app') say('a feature imports the shell (app/)');
  else if ((from === 'components' || from === 'lib') && (to === 'app' || to.startsWith('feature:'))) {
    say(`${from}/ imports ${to === 'app' ? 'the shell (app/)' : 'a feature'}`);
  }
}

const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', 'test-results', 'playwright-report', '.cache', '.git']);
const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

/** Every source file below `root` (posix, relative), outside dependencies and build output. */
export function sourceFiles(root: string, folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, path);
    return SOURCE.test(entry.name) ? [relative(root, path).split(sep).join('/')] : [];
  });
}

/** The specifiers a file imports: static, type-only, re-exports, dynamic `import()` and `require`. */
export function importsOf(root: string, file: string): Import[] {
  const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
  return info.importedFiles.map((imported) => ({ file, spec: imported.fileName }));
}

/** The repository's workspaces from the root package.json, plus the root package itself. */
export function readWorkspaces(root: string): Workspace[] {
  const read = (dir: string) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  const manifest = read('') as { name: string; workspaces: string[] };
  return [{ dir: '', name: manifest.name }, ...manifest.workspaces.map((dir) => ({ dir, name: read(dir).name }))];
}

/** Relative imports of `file` resolved to repository paths (a `.js` specifier names its `.ts`/`.tsx` source). */
export function resolveRelative(file: string, spec: string, exists: (path: string) => boolean): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(file), spec));
  const stem = base.replace(/\.js$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`].find(exists);
}
