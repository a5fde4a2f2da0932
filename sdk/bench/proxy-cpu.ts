// The proxy hop's CPU per call (issue 30): what each proxy's own process spends on one `/api/tokens.getUser`, read
// from `process.cpuUsage()` inside it before and after a fixed number of calls. Req/s moves with whatever else the
// machine runs; a process's CPU per call far less, so this is the figure the listener's goal is judged on: the node
// listener at ≥ 85 % of a bare node:http pass-through (`ceiling`), i.e. ceiling's µs / listener's µs. The sides take
// turns in a rotated order each round; the first round warms them up and is not counted. Run by `npm run bench -w sdk`
// (BENCH_CPU_CALLS calls a side and round, 4,000; 0 skips it) and alone by BENCH_ONLY=proxy-cpu.
// BENCH_LISTENER_BASELINE=<an older build's dist/proxy/listener.js> adds that listener as a side, so a change is
// measured against what came before in the same run.
import { Agent, request } from 'node:http';
import { type Child, startChild, stop } from './proxy.js';
import { median } from './stats.js';

/** Calls in flight at once: enough to keep a proxy busy, few enough that the load generator stays light. */
const IN_FLIGHT = 8;

interface Cpu {
  user: number;
  system: number;
}

/** The child's own CPU so far, in µs, as it reports it (`proxy-servers.ts`, SIGUSR2). */
function cpuOf(child: Child): Promise<Cpu> {
  return new Promise((resolve) => {
    child.lines.once('line', (line) => {
      const [user, system] = line.split(' ').map(Number);
      resolve({ user: user ?? Number.NaN, system: system ?? Number.NaN });
    });
    child.process.kill('SIGUSR2');
  });
}

/** `calls` POSTs to the proxy's `/api/tokens.getUser` (GETs of the upstream for `direct`), IN_FLIGHT at a time. */
export async function drive(url: string, direct: boolean, calls: number, agent: Agent): Promise<void> {
  const target = direct ? `${url}/token/user` : `${url}/api/tokens.getUser`;
  const headers = direct
    ? { 'x-api-key': 'bench-key' }
    : { origin: url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const call = request(target, { method: direct ? 'GET' : 'POST', headers, agent }, (answer) => {
        if (answer.statusCode !== 200) reject(new Error(`${target}: ${answer.statusCode}`));
        answer.resume();
        answer.on('end', resolve);
      });
      call.on('error', (error) => reject(new Error(`${target}: ${error.message}`, { cause: error })));
      call.end(direct ? undefined : '{}');
    });
  let next = 0;
  const lane = async () => {
    while (next++ < calls) await one();
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

export async function benchProxyCpu(calls: number, rounds: number): Promise<void> {
  const upstream = await startChild('upstream');
  const children: Record<string, Child> = {
    direct: upstream,
    ceiling: await startChild('ceiling', upstream.url),
    listener: await startChild('listener', upstream.url),
    ...(process.env.BENCH_LISTENER_BASELINE ? { baseline: await startChild('baseline', upstream.url) } : {}),
  };
  const names = Object.keys(children);
  const perCall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  // The kernel's share (socket writes and reads) apart: it moves with how the other processes are scheduled.
  const systemPerCall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  try {
    for (let round = 0; round < rounds + 1; round++) {
      for (const name of names.map((_, i) => names[(i + round) % names.length] as string)) {
        const child = children[name] as Child;
        // Fresh connections each turn: a connection left idle while the other sides run could be closed by its server
        // (Node's 5 s keep-alive) just as it is reused.
        const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
        const before = await cpuOf(child);
        await drive(child.url, name === 'direct', calls, agent).finally(() => agent.destroy());
        const after = await cpuOf(child);
        if (round === 0) continue;
        perCall[name]?.push((after.user + after.system - before.user - before.system) / calls);
        systemPerCall[name]?.push((after.system - before.system) / calls);
      }
    }
  } finally {
    await Promise.all(Object.values(children).map(stop));
  }
  const of = (name: string) => median(perCall[name] ?? []);
  const range = (name: string) =>
    `${Math.min(...(perCall[name] ?? [])).toFixed(0)}–${Math.max(...(perCall[name] ?? [])).toFixed(0)}, ` +
    `system ${median(systemPerCall[name] ?? []).toFixed(0)}`;
  console.log(
    `proxy hop, CPU per call in each server's own process (process.cpuUsage), ${calls} calls × ${rounds} rounds, ${IN_FLIGHT} in flight`,
  );
  console.log(`  upstream, direct GET              ${of('direct').toFixed(0)} µs (${range('direct')})`);
  console.log(`  ceiling: bare pass-through        ${of('ceiling').toFixed(0)} µs (${range('ceiling')})`);
  // Each round's own share, the ceiling and the listener measured side by side: a drift in the machine's load moves
  // both, which the share of one round cancels and a ratio of medians would not.
  for (const [name, label] of [
    ['listener', 'through /api, node listener'],
    ['baseline', 'the same, older build'],
  ] as const) {
    const listener = perCall[name];
    if (!listener) continue;
    const shares = listener.map((cpu, round) => ((perCall.ceiling?.[round] ?? 0) / cpu) * 100);
    console.log(
      `  ${label.padEnd(32)} ${of(name).toFixed(0)} µs (${range(name)}): ` +
        `${median(shares).toFixed(0)} % of the ceiling (per round ${Math.min(...shares).toFixed(0)}–` +
        `${Math.max(...shares).toFixed(0)} %), goal ≥ 85 %`,
    );
  }
}
