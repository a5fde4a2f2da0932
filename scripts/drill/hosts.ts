// The drill's hosts: real `node web/server/dist/main.js` processes, as `npm run serve` starts them, each with its log
// in the run folder, killed and restarted by the drill.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLogLines } from './log-lines.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const HOST_MAIN = join(root, 'web/server/dist/main.js');

/** Resident memory of a process now, in MiB (Linux). */
export function rssMiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

export interface HostEvent {
  at: number;
  host: string;
  what: string;
}

export class HostProcess {
  #child: ChildProcess | undefined;
  #exited: Promise<number | null> | undefined;
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly env: Record<string, string>,
    readonly dir: string,
  ) {}

  get pid(): number {
    return this.#child?.pid ?? 0;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process and resolves once its /healthz answers 200. */
  async start(): Promise<void> {
    this.starts++;
    const log = createWriteStream(join(this.dir, `${this.name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [HOST_MAIN], {
      cwd: root,
      env: { ...process.env, ...this.env, HOST: '127.0.0.1', PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.#child = child;
    this.#exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = performance.now() + 15_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${this.name} exited at start (${child.exitCode}): see ${this.name}.log`);
      try {
        const response = await fetch(`${this.url}/healthz`);
        await response.arrayBuffer();
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      if (performance.now() > deadline) throw new Error(`${this.name} never answered /healthz`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Sends `signal` and resolves with the exit code once the process is gone. */
  async signal(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    child.kill(signal);
    return (await this.#exited) ?? null;
  }

  /** Stops it for good at the end (SIGKILL after 20 s of SIGTERM). */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await this.signal('SIGTERM');
    clearTimeout(timer);
  }

  /** Calls through /api this run of the host has answered (below 500), from its log. */
  answeredSinceStart(): number {
    const lines = this.logLines();
    let since = 0;
    lines.forEach((line, i) => {
      if (line.msg === 'listening') since = i;
    });
    return lines
      .slice(since)
      .filter((line) => line.msg === 'request' && String(line.route).startsWith('/api') && Number(line.status) < 500)
      .length;
  }

  /** The log lines of every run of this host, parsed. */
  logLines(): Record<string, unknown>[] {
    let text = '';
    try {
      text = readFileSync(join(this.dir, `${this.name}.log`), 'utf8');
    } catch {
      return [];
    }
    return parseLogLines(text);
  }
}
