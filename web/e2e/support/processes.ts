/// <reference types="node" />
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A process the spec started: its output as it comes, and its exit code once it exits. */
export interface Started {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Signals the whole process group (npm, tsx and Prism under the mock). */
  signal(name: NodeJS.Signals): void;
}

export function start(command: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited,
    signal: (name) => {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, name);
    },
  };
}

/** `npm run serve`'s command, as package.json says it, so the spec runs exactly what a deployment runs. */
export function serveCommand(): { command: string; args: string[] } {
  const script = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: { serve: string } }).scripts
    .serve;
  const [node, ...args] = script.split(' ');
  if (node !== 'node') throw new Error(`npm run serve is no longer plain node: ${script}`);
  return { command: process.execPath, args };
}
