import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

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

/** Bundles the description, builds the docs and builds the sign-in app (`npm run build` also builds the host). */
export function buildAll(): void {
  npmRun(['build', '-w', 'openapi']);
  npmRun(['build', '-w', 'web']);
}
