import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { paths, type RunningStack } from '../src/stack.js';

export const host = '127.0.0.1';
export const port = Number(process.env.PORT ?? 5173);
export const mockPort = Number(process.env.MOCK_PORT ?? 4010);

/** Bundles the description so the mock serves what is on disk now (`--no-build` skips it when a bundle exists). */
export function bundle(): void {
  if (process.argv.includes('--no-build') && existsSync(paths.bundle)) return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const result = spawnSync('npm', ['run', '--silent', 'bundle', '-w', 'openapi'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Bundling the description failed: see `npm run lint -w openapi`.');
    process.exit(result.status ?? 1);
  }
}

/** What the site serves besides the API, depending on what is built. */
export function siteLines(stack: RunningStack): string[] {
  const base = stack.site.url;
  return [
    existsSync(`${paths.app}/index.html`)
      ? `  Sign-in app     ${base}/app.login/`
      : '  Sign-in app     not built (`npm run build -w web`, or `npm start` builds and serves it)',
    existsSync(`${paths.docs}/index.html`)
      ? `  API docs        ${base}/docs/`
      : '  API docs        not built (`npm run build -w openapi`)',
    `  SSO stand-in    ${base}/sso/login/{domain}`,
  ];
}

/** Stops the stack on Ctrl-C or SIGTERM, after `last` (e.g. a report). */
export function stopOnSignal(stack: RunningStack, last?: () => void): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    last?.();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
