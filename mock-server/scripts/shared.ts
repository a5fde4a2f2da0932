import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { trustedProxies } from '../src/client-address.js';
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

/**
 * Bundles, starts the mock at the usual address, prints each exchange that breaks the description as
 * it happens (each line after `indent`), and stops on Ctrl-C after `last`.
 */
export async function startChecked(
  options: Omit<StackOptions, 'mockPort' | 'host' | 'onExchange'>,
  indent: string,
  last?: (report: ViolationReport) => void,
): Promise<RunningStack> {
  bundle();
  const report = new ViolationReport();
  const { host, mockPort } = addresses();
  // The proxies in front of the mock besides loopback (a staging site's hosts on other machines), whose
  // X-Forwarded-For the per-client limits walk past to reach the visitor.
  let trustedProxy: (address: string) => boolean;
  try {
    trustedProxy = trustedProxies(process.env.MOCK_TRUSTED_PROXIES);
  } catch (error) {
    console.error(
      `MOCK_TRUSTED_PROXIES: ${(error as Error).message} (expected addresses or CIDR blocks, comma-separated)`,
    );
    process.exit(2);
  }
  const stack = await startStack({
    host,
    mockPort,
    trustedProxy,
    ...(process.env.MOCK_OUTBOX_TOKEN ? { outboxToken: process.env.MOCK_OUTBOX_TOKEN } : {}),
    ...options,
    onExchange: (exchange) => {
      for (const line of report.record(exchange)) console.log(`${indent}${line}`);
    },
  });
  stopOnSignal(() => stack.stop(), last && (() => last(report)));
  return stack;
}
