// The proxy bench's load generator, in a process of its own: wrk when it is installed (C, so it leaves the two
// servers most of the CPU), else autocannon's command line (from npm, a devDependency: no install needed).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Load {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  perSecond: number;
  /** Answers that were not 2xx, plus connection errors and timeouts. */
  bad: number;
}

export type Tool = 'wrk' | 'autocannon';

export async function findTool(): Promise<Tool> {
  if (process.env.BENCH_LOAD === 'autocannon') return 'autocannon';
  try {
    await run('wrk', ['--version']).catch((error: { stdout?: string }) => {
      // wrk prints its version and exits 1.
      if (!error.stdout?.startsWith('wrk')) throw error;
    });
    return 'wrk';
  } catch {
    return 'autocannon';
  }
}

export const HOW_TO_GET_WRK = 'wrk not found: autocannon generates the load (`apt-get install wrk` for a lighter one)';

export async function runLoad(tool: Tool, load: Load, connections: number, seconds: number): Promise<LoadResult> {
  return tool === 'wrk' ? wrk(load, connections, seconds) : autocannon(load, connections, seconds);
}

async function wrk(load: Load, connections: number, seconds: number): Promise<LoadResult> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-wrk-'));
  const script = join(dir, 'request.lua');
  const lua = [
    `wrk.method = ${JSON.stringify(load.method)}`,
    ...(load.body === undefined ? [] : [`wrk.body = ${JSON.stringify(load.body)}`]),
    ...Object.entries(load.headers).map(
      ([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`,
    ),
  ];
  await writeFile(script, `${lua.join('\n')}\n`);
  try {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', script, load.url];
    const { stdout } = await run('wrk', args);
    const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? 0);
    const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
    const bad =
      number(/Non-2xx or 3xx responses: (\d+)/) + (errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
    return { perSecond: number(/Requests\/sec:\s+([\d.]+)/), bad };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function autocannon(load: Load, connections: number, seconds: number): Promise<LoadResult> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [cli, '-j', '-c', String(connections), '-d', String(seconds), '-m', load.method];
  for (const [name, value] of Object.entries(load.headers)) args.push('-H', `${name}=${value}`);
  if (load.body !== undefined) args.push('-b', load.body);
  const { stdout } = await run(process.execPath, [...args, load.url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { requests: { average: number }; non2xx: number; errors: number };
  return { perSecond: result.requests.average, bad: result.non2xx + result.errors };
}
