import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SEED_PASSWORD } from '../../src/sandbox/seed.js';

/** The seeded team that Ada, the seeded team admin, can create events in. */
export const SEED_TEAM = '65a1f0c2e4b0a1b2c3d4e5f7';

/** Plain HTTP to a sandbox backend (no SDK retries: a test that kills the server counts each answer once). */
export async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'store-test' },
    body: JSON.stringify({ email: 'ada@example.com', password: SEED_PASSWORD }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`sign-in failed: ${response.status}`);
  return body.accessToken;
}

export async function createEvent(base: string, token: string, title: string): Promise<Response> {
  return fetch(`${base}/teams/${SEED_TEAM}/events?accessToken=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'store-test' },
    body: JSON.stringify({ title, startOn: '2026-09-18T13:00:00Z', endOn: '2026-09-18T22:00:00Z' }),
  });
}

export async function eventTitle(base: string, token: string, id: string): Promise<string | number> {
  const response = await fetch(`${base}/events/${id}?accessToken=${token}`, { headers: { 'x-api-key': 'store-test' } });
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { title: string }).title;
}

/** `test/support/sandbox-process.ts` in a child process, resolved once it listens. */
export function spawnSandbox(
  port: number,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const script = fileURLToPath(new URL('./sandbox-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', script, String(port), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve({ child, url: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code, signal) => reject(new Error(`the sandbox process ended (${code ?? signal})`)));
  });
}

/** SIGKILL, and wait until the process is gone. */
export function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * Writes from `writers` concurrent loops until `stop` says so, each create's id kept only when it was answered 2xx
 * (what a client was told was saved). Errors (the server killed under it) end that loop.
 */
export async function writeUntil(
  base: string,
  token: string,
  writers: number,
  stop: (acknowledged: number) => boolean,
  acknowledged = new Map<string, string>(),
): Promise<Map<string, string>> {
  let n = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (!stop(acknowledged.size)) {
        const title = `load ${n++}`;
        try {
          const response = await createEvent(base, token, title);
          if (response.status === 201 || response.status === 200) {
            acknowledged.set(((await response.json()) as { _id: string })._id, title);
          } else await response.body?.cancel();
        } catch {
          return;
        }
      }
    }),
  );
  return acknowledged;
}

/** Resolves once `ready()` holds (polled), so a kill lands mid-load however slow the machine is. */
export async function until(ready: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
