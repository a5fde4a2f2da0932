import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RunningPrism {
  url: string;
  stop(): Promise<void>;
}

export interface PrismOptions {
  spec: string;
  port: number;
  host?: string;
  /** Turn response examples that break their schema into 500s (keeps examples honest in tests). */
  errors?: boolean;
  /** Where Prism's log lines go; quiet by default. */
  log?: (line: string) => void;
  /** Run `prism proxy` to this backend instead of `prism mock`: it forwards every call and validates both ways. */
  upstream?: string;
}

function prismBin(): string {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('@stoplight/prism-cli/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.prism;
  if (!bin) throw new Error('@stoplight/prism-cli has no prism binary');
  return join(dirname(pkgPath), bin);
}

async function waitForPort(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Prism exited with code ${child.exitCode} before it answered`);
    try {
      await fetch(url, { method: 'OPTIONS' });
      return;
    } catch (error) {
      // Only "nothing listens yet" is worth waiting for; anything else (e.g. fetch refusing a "bad port" such as
      // 4190) would otherwise look like a slow start.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== 'ECONNREFUSED' && code !== 'ECONNRESET') throw new Error(`Cannot reach ${url}: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`Prism did not answer at ${url} within ${timeoutMs} ms`);
}

/** Starts `prism mock` (or `prism proxy`) on the bundled description and resolves once it answers. */
export async function startPrism(options: PrismOptions): Promise<RunningPrism> {
  const host = options.host ?? '127.0.0.1';
  const mode = options.upstream ? ['proxy', options.spec, options.upstream] : ['mock', options.spec];
  // Preloaded: the Ajv compile cache (first calls of each operation cost half as much), the router's index (each
  // request is matched against the few operations its path can match, not all 308) and a start's copy of the
  // description that spells a JSON pointer only for a cycle (a start costs 4 CPU-s instead of 6.5).
  const preloads = ['./prism-schema-cache.cjs', './prism-router-index.cjs', './prism-decycle.cjs'].flatMap((file) => [
    '--require',
    fileURLToPath(new URL(file, import.meta.url)),
  ]);
  // One process always: Prism forks a cluster worker when NODE_ENV is production (a Vite build in the same process sets
  // it), and its fork fails on Node 20 (`node:cluster` has no default export), so Prism exited before answering.
  const args = [...preloads, prismBin(), ...mode, '-h', host, '-p', String(options.port), '--no-multiprocess'];
  if (options.errors) args.push('--errors');
  // Prism writes about eight lines per request at its default level: formatting and piping them cost a third of its
  // time per request (a CPU profile, 2026-11-26), for lines nobody reads unless a caller asked for them.
  if (!options.log) args.push('-v', 'error');
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = options.log;
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      if (log) for (const line of chunk.split('\n')) if (line.trim()) log(line);
    });
  }
  const url = `http://${host}:${options.port}`;
  try {
    // Prism answers in 2–4 s at rest; on a loaded 2-core machine a start took over 30 s and a newcomer's `npm start`
    // failed for it (issue 27). A Prism that exits is seen at once, so a long wait only costs a hung start.
    await waitForPort(url, child, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 2000).unref();
      }),
  };
}
