// The proxy hop's cost: requests per second through the proxy handler's `/api/tokens.getUser` against a minimal
// upstream that answers at once, beside the same call straight to that upstream; 50 connections each. The load
// generator, the upstream and each proxy run in processes of their own (`proxy-servers.ts`, `load.ts`), so no side
// shares a thread with another; the sides take turns, in a rotated order each round, all in one run. Beside them,
// the ceiling: a node:http pass-through with no logic at all, the most a proxy on this machine keeps.
// Goal (issue 13): the hop keeps ≥ 75 % of the direct throughput. BENCH_PROFILE=<dir> writes the proxies' CPU
// profiles (`--cpu-prof`) under <dir>/<kind>/; BENCH_LOAD=autocannon uses autocannon even where wrk is installed.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface, type Interface } from 'node:readline';
import { findTool, HOW_TO_GET_WRK, type Load, runLoad } from './load.js';
import { median } from './stats.js';

const CONNECTIONS = 50;

export interface Child {
  url: string;
  process: ChildProcess;
  /** What the server prints after its URL (its CPU when asked: `proxy-cpu.ts`). */
  lines: Interface;
}

/** Starts `proxy-servers.ts <kind>` in a process of its own and waits for the URL it prints. */
export async function startChild(kind: string, upstream?: string): Promise<Child> {
  const profile = process.env.BENCH_PROFILE && kind !== 'upstream' ? process.env.BENCH_PROFILE : undefined;
  // A folder per server: tsx's loader thread writes a profile of its own beside the main thread's.
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}/${kind}`] : [];
  const script = new URL('./proxy-servers.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', script, kind, ...(upstream ? [upstream] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code}) before listening`)));
  });
  return { url, process: child, lines };
}

/**
 * Milliseconds of CPU a process has used (user + system), from Linux's /proc (in USER_HZ, 100 a second); undefined
 * elsewhere. What one call costs the proxy's process moves far less with other load on the machine than req/s.
 */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export const stop = (child: Child) =>
  new Promise<void>((resolve) => {
    child.process.once('exit', () => resolve());
    child.process.kill('SIGTERM');
  });

export async function benchProxy(rounds: number, seconds: number): Promise<void> {
  const tool = await findTool();
  const upstream = await startChild('upstream');
  const proxies = {
    ceiling: await startChild('ceiling', upstream.url),
    handler: await startChild('handler', upstream.url),
    listener: await startChild('listener', upstream.url),
  };
  const call = (url: string): Load => ({
    url: `${url}/api/tokens.getUser`,
    method: 'POST',
    headers: { origin: url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: '{}',
  });
  const sides: Record<string, Load> = {
    direct: { url: `${upstream.url}/token/user`, method: 'GET', headers: { 'x-api-key': 'bench-key' } },
    ...Object.fromEntries(Object.entries(proxies).map(([name, child]) => [name, call(child.url)])),
  };
  const names = Object.keys(sides);
  const perSecond: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const cpuPerCall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  // Whose CPU each side spends besides the load generator's: the upstream's when direct, else the proxy's alone.
  const measured: Record<string, Child> = { direct: upstream, ...proxies };
  try {
    for (let round = 0; round < rounds + 1; round++) {
      // Each round starts one side later, so no side always follows the same other.
      const order = names.map((_, i) => names[(i + round) % names.length] as string);
      for (const side of order) {
        const pid = measured[side]?.process.pid;
        const cpuBefore = cpuMs(pid);
        const result = await runLoad(tool, sides[side] as Load, CONNECTIONS, seconds);
        const cpuAfter = cpuMs(pid);
        if (result.bad) throw new Error(`${side}: ${result.bad} bad answers or connection errors`);
        // Round 0 warms every process up and is not counted.
        if (round === 0) continue;
        perSecond[side]?.push(result.perSecond);
        if (cpuBefore !== undefined && cpuAfter !== undefined) {
          cpuPerCall[side]?.push(((cpuAfter - cpuBefore) * 1000) / (result.perSecond * seconds));
        }
      }
    }
  } finally {
    await Promise.all([...Object.values(proxies), upstream].map(stop));
  }
  const direct = perSecond.direct ?? [];
  const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
  const load = loadavg().map((value) => value.toFixed(1));
  console.log(
    `proxy hop, ${CONNECTIONS} connections, ${rounds} rotated rounds of ${seconds} s per side, ${tool}, ` +
      `${availableParallelism()} cores, load average ${load.join(' ')}${tool === 'wrk' || process.env.BENCH_LOAD ? '' : `\n  ${HOW_TO_GET_WRK}`}`,
  );
  const label: Record<string, string> = {
    direct: 'direct to the upstream',
    ceiling: 'ceiling: bare pass-through',
    handler: 'through /api, fetch handler',
    listener: 'through /api, node listener',
  };
  for (const side of names) {
    const values = perSecond[side] ?? [];
    const figures = `${range(values)} req/s (median ${median(values).toFixed(0)})`;
    if (side === 'direct') {
      console.log(`  ${(label[side] ?? side).padEnd(30)} ${figures}`);
      continue;
    }
    const share = (of: number[]) => values.map((value, round) => (value / (of[round] ?? Number.NaN)) * 100);
    const kept = share(direct);
    // Beside the goal, how near the bare pass-through of the same round: what is left to win in the proxy's code.
    const ofCeiling = share(perSecond.ceiling ?? []);
    const goal =
      side === 'ceiling'
        ? ''
        : `  goal ≥ 75 %; ${range(ofCeiling)} % of the ceiling (median ${median(ofCeiling).toFixed(0)} %)`;
    console.log(
      `  ${(label[side] ?? side).padEnd(30)} ${figures}  kept ${range(kept)} % per round (median ${median(kept).toFixed(0)} %)${goal}`,
    );
  }
  if ((cpuPerCall.direct ?? []).length) {
    const cpu = names.map(
      (side) => `${side === 'direct' ? 'upstream' : side} ${median(cpuPerCall[side] ?? []).toFixed(0)}`,
    );
    console.log(
      `  CPU per call in the measured process, µs (median; steadier than req/s on a shared machine): ${cpu.join(', ')}`,
    );
  }
}
