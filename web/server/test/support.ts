import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createLogger, type HostOptions, Readiness, type RunningHost, startHost } from '../src/index.js';

export const STYLE = 'body{margin:0}';
export const BIG = `export const words = ${JSON.stringify('sign in '.repeat(2000))};`;

/**
 * A built app as the build leaves it: the shell, the pre-rendered /login, hashed assets with their brotli and gzip
 * twins, and the manifest of the operations the app calls.
 */
export async function builtApp(operations = ['auth.login', 'users.hasTwoFactorAuth']): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'host-'));
  const app = join(dir, 'app');
  await mkdir(join(app, 'assets'), { recursive: true });
  const head = `<head><meta name="api-endpoint" content="" /><meta name="api-key" content="" /><style>${STYLE}</style></head>`;
  await writeFile(join(app, 'index.html'), head);
  await writeFile(join(app, 'login.html'), `${head}<div id="root"><h1>Sign in</h1></div>`);
  await writeFile(join(app, 'login.de.html'), `${head}<div id="root"><h1>Anmelden</h1></div>`);
  await writeFile(join(app, 'index.de.html'), `<html lang="de">${head}`);
  await writeFile(join(app, 'assets', 'main-abc.js'), 'console.log(1)');
  await writeFile(join(app, 'assets', 'big-abc.js'), BIG);
  await writeFile(join(app, 'assets', 'big-abc.js.gz'), gzipSync(BIG));
  await writeFile(join(app, 'assets', 'big-abc.js.br'), brotliCompressSync(BIG));
  await writeFile(join(app, 'api-operations.json'), JSON.stringify({ operations }));
  await writeFile(join(dir, 'secret.txt'), 'secret');
  return app;
}

/** The host's JSON log lines, parsed, as they are written. */
export class LogLines extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  readonly raw: string[] = [];
  override _write(chunk: Buffer, _: string, done: () => void) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      this.raw.push(line);
      this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  }
  requests(): Record<string, unknown>[] {
    return this.lines.filter((line) => line.msg === 'request');
  }
  clear() {
    this.lines.length = 0;
    this.raw.length = 0;
  }
}

export interface Backend {
  calls: Request[];
  answer: (request: Request) => Response | Promise<Response>;
  up: boolean;
  fetch: typeof fetch;
}

/** A backend in a function: what it was asked, what it answers, and whether it answers at all. */
export function fakeBackend(): Backend {
  const backend: Backend = {
    calls: [],
    answer: () => Response.json({ hasTwoFactorAuth: false }),
    up: true,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (!backend.up) throw new TypeError('fetch failed');
      backend.calls.push(request);
      return backend.answer(request);
    },
  };
  return backend;
}

export const API_KEY = 'host-test-key-4f1c9b';

/** A host on a free loopback port, its backend a function, its log lines kept. */
export async function testHost(
  options: Partial<HostOptions> & { appDir: string },
  backend = fakeBackend(),
): Promise<{ host: RunningHost; backend: Backend; logs: LogLines }> {
  const logs = new LogLines();
  const host = await startHost({
    port: 0,
    apiOrigin: 'https://api.test',
    apiMode: 'proxy',
    apiKey: API_KEY,
    logger: createLogger('info', options.apiKey ?? API_KEY, logs),
    fetch: backend.fetch,
    readiness: new Readiness({ apiOrigin: 'https://api.test', reuseMs: 0, fetch: backend.fetch }),
    ...options,
  });
  return { host, backend, logs };
}

/** A call as the app's page makes it through /api. */
export function callApi(base: string, name: string, envelope: unknown = {}, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', 'x-request-id': 'req-1', ...headers },
    body: JSON.stringify(envelope),
  });
}
