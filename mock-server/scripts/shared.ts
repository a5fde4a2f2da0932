import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addresses, stopOnSignal } from '../src/command-line.js';
import { paths, type RunningStack, type StackOptions, startStack } from '../src/stack.js';
import { ViolationReport } from '../src/violation-report.js';

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

/**
 * Bundles, starts the stack at the usual addresses with `API_KEY`, prints each exchange that breaks the description as
 * it happens (each line after `indent`), and stops on Ctrl-C after `last`.
 */
export async function startChecked(
  options: Omit<StackOptions, 'port' | 'mockPort' | 'host' | 'apiKey' | 'onExchange'>,
  indent: string,
  last?: (report: ViolationReport) => void,
): Promise<RunningStack> {
  bundle();
  const report = new ViolationReport();
  const stack = await startStack({
    ...addresses(),
    apiKey: process.env.API_KEY ?? '',
    ...options,
    onExchange: (exchange) => {
      for (const line of report.record(exchange)) console.log(`${indent}${line}`);
    },
  });
  stopOnSignal(() => stack.stop(), last && (() => last(report)));
  return stack;
}
