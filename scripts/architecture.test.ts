import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type Import,
  importsOf,
  readWorkspaces,
  resolveRelative,
  sourceFiles,
  violations,
  type Workspace,
} from './architecture.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const workspaces = readWorkspaces(root);
const files = sourceFiles(root);
const imports = files.flatMap((file) => importsOf(root, file));

const synthetic: Workspace[] = [
  { dir: '', name: 'runofshow' },
  { dir: 'openapi', name: '@runofshow/openapi' },
  { dir: 'sdk', name: '@runofshow/sdk' },
  { dir: 'mock-server', name: '@runofshow/mock-server' },
  { dir: 'web', name: '@runofshow/web' },
  { dir: 'web/ui', name: '@runofshow/ui' },
  { dir: 'web/server', name: '@runofshow/server' },
  { dir: 'scripts/devkit', name: '@runofshow/devkit' },
];
const check = (file: string, spec: string) => violations([{ file, spec }], synthetic);

describe('the one-way rule', () => {
  it('holds in the repository: no import breaks it', () => {
    expect(workspaces.map((w) => w.dir).sort()).toEqual(synthetic.map((w) => w.dir).sort());
    expect(imports.length).toBeGreaterThan(500);
    expect(violations(imports, workspaces)).toEqual([]);
  });

  it('refuses a relative import that crosses a workspace', () => {
    expect(check('web/scripts/stack.ts', '../../mock-server/src/stack.js')).toEqual([
      "web/scripts/stack.ts: '../../mock-server/src/stack.js' — a relative import crosses from workspace 'web' into 'mock-server'",
    ]);
    expect(check('web/src/main.tsx', '../ui/src/button.js')).toHaveLength(1);
    expect(check('web/ui/src/button.tsx', '../../src/lib/messages.js')[0]).toContain('crosses');
    expect(check('scripts/start.ts', '../mock-server/src/stack.js')[0]).toContain("from workspace '.'");
    expect(check('web/ui/src/avatar.tsx', './lib/colour.js')).toEqual([]);
    expect(check('web/server/src/host.ts', '../../src/lib/api/operations.js')[0]).toContain(
      "crosses from workspace 'web/server' into 'web'",
    );
  });

  it('refuses a feature importing another feature or the shell', () => {
    expect(check('web/src/features/login/login-page.tsx', '../signup/signup-store.js')[0]).toContain(
      'a feature imports another feature',
    );
    expect(check('web/src/features/login/login-page.tsx', '../../app/app.js')[0]).toContain(
      'a feature imports the shell (app/)',
    );
    expect(check('web/src/features/login/login-page.tsx', './login-store.js')).toEqual([]);
    expect(check('web/src/features/login/login-page.tsx', '../../lib/api/session.js')).toEqual([]);
  });

  it('refuses components/ or lib/ importing a feature or the shell', () => {
    expect(check('web/src/components/captcha.tsx', '../app/app.js')[0]).toContain('components/ imports the shell');
    expect(check('web/src/lib/api/api.ts', '../../features/login/login-store.js')[0]).toContain(
      'lib/ imports a feature',
    );
    expect(check('web/src/app/app.tsx', '../features/login/login-page.js')).toEqual([]);
  });

  it('refuses anything outside the app importing it', () => {
    for (const file of [
      'web/ui/gallery/main.tsx',
      'mock-server/src/stack.ts',
      'scripts/start.ts',
      'sdk/src/x.ts',
      'web/server/src/host.ts',
    ]) {
      expect(check(file, '@runofshow/web/src/app/app.js')[0]).toContain('nothing outside the app imports the app');
    }
  });

  it('refuses an import against the order openapi → sdk → ui → web', () => {
    const against = (file: string, spec: string) => expect(check(file, spec)[0]).toContain('against the order');
    against('sdk/src/client.ts', '@runofshow/ui/button');
    against('openapi/scripts/x.ts', '@runofshow/sdk');
    against('web/ui/src/avatar.tsx', '@runofshow/mock-server/stack');
    against('mock-server/src/stack.ts', '@runofshow/ui/alert');
    // The production host runs without the mock (no Prism at run time), and the mock never leans on the host.
    against('web/server/src/host.ts', '@runofshow/mock-server/stack');
    against('web/server/src/host.ts', '@runofshow/ui/alert');
    against('mock-server/src/development-mounts.ts', '@runofshow/server');
    against('mock-server/src/stack.ts', '@runofshow/server/headers');
    // The shared kit of the mock, the host and the tests never reaches the SDK's package, the UI or the description,
    // and it leans on nothing of ours.
    against('sdk/src/proxy/listener.ts', '@runofshow/devkit/listen');
    against('web/ui/src/x.tsx', '@runofshow/devkit/chromium');
    against('scripts/devkit/listen.js', '@runofshow/sdk');
    for (const [file, spec] of [
      ['web/src/lib/api/api.ts', '@runofshow/sdk'],
      ['web/src/main.tsx', '@runofshow/ui/button'],
      ['web/ui/src/x.tsx', '@runofshow/sdk'],
      ['mock-server/src/prism.ts', '@runofshow/sdk'],
      ['web/scripts/stack.ts', '@runofshow/mock-server/stack'],
      ['web/scripts/stack.ts', '@runofshow/server'],
      ['scripts/dev-site.ts', '@runofshow/server'],
      ['web/server/src/host.ts', '@runofshow/sdk/proxy-listener'],
      ['web/server/src/host.ts', '@runofshow/devkit/listen'],
      ['mock-server/src/mock-front.ts', '@runofshow/devkit/listen'],
      ['web/playwright.config.ts', '@runofshow/devkit/chromium'],
      ['scripts/drill/browsers.ts', '@runofshow/devkit/chromium'],
    ] as const) {
      expect(check(file, spec)).toEqual([]);
    }
  });
});

describe('the app holds only the app', () => {
  // Entries: the browser's (main.tsx), the pre-render's, and the file vite.config.ts aliases a dependency to.
  const app = 'web/src/';
  const aliased = `${app}lib/use-sync-external-store.ts`;
  const entries = [`${app}main.tsx`, `${app}prerender.tsx`, aliased];

  it('reaches every file in web/src from its entries (tests and type declarations aside)', () => {
    expect(readFileSync(join(root, 'web/vite.config.ts'), 'utf8')).toContain(aliased.replace('web/', './'));
    const exists = (path: string) => existsSync(join(root, path)) && files.includes(path);
    const byFile = new Map<string, Import[]>();
    for (const i of imports) byFile.set(i.file, [...(byFile.get(i.file) ?? []), i]);
    const reached = new Set<string>();
    const queue = [...entries];
    for (let file = queue.pop(); file; file = queue.pop()) {
      if (reached.has(file)) continue;
      reached.add(file);
      for (const { spec } of byFile.get(file) ?? []) {
        const target = spec.startsWith('.') ? resolveRelative(file, spec, exists) : undefined;
        if (target) queue.push(target);
      }
    }
    const unreached = files.filter(
      (file) => file.startsWith(app) && !reached.has(file) && !/\.test(?:-support)?\.tsx?$|\.d\.ts$/.test(file),
    );
    expect(unreached).toEqual([]);
  });
});
