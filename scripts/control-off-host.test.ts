import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, type RunningServer } from '@runofshow/devkit/listen';
import { Control } from '@runofshow/mock-server/control';
import { freePort } from '@runofshow/mock-server/free-port';
import { type RunningFront, startMockFront } from '@runofshow/mock-server/mock-front';
import { createLogger, type RunningHost, startHost } from '@runofshow/server';
import { afterAll, beforeAll, expect, it } from 'vitest';

// Issue 32: the mock's control API (faults, journal, fixtures) answers on the mock's port only. The production host
// in front of it passes the description's operations and nothing else, however the path is spelt. The mock's front
// is the real one with its control API; behind it a one-answer stand-in for Prism (whose start would cost 20 s here
// and has no part in what is tested).
let front: RunningFront;
let prism: RunningServer;
let site: RunningHost;
const control = new Control();
const mock = () => ({ url: front.url });

beforeAll(async () => {
  prism = await listen(
    createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"hasTwoFactorAuth":false}');
    }),
    await freePort(),
  );
  front = await startMockFront({ port: await freePort(), target: prism.url, control });
  const stack = { mock: mock() };
  const app = join(await mkdtemp(join(tmpdir(), 'control-off-host-')), 'app');
  await mkdir(app, { recursive: true });
  await writeFile(join(app, 'index.html'), '<head><meta name="api-endpoint" content="" /></head>');
  await writeFile(join(app, 'api-operations.json'), JSON.stringify({ operations: ['users.hasTwoFactorAuth'] }));
  site = await startHost({
    port: 0,
    appDir: app,
    apiOrigin: stack.mock.url,
    apiMode: 'proxy',
    apiKey: 'development-api-key',
    logger: createLogger('error', 'development-api-key'),
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([site?.stop(), front?.stop(), prism?.stop()]);
});

/** A request with its path sent exactly as written (fetch would resolve `..`). */
function raw(method: string, path: string, body = '{}'): Promise<{ status: number; text: string }> {
  const url = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { 'content-type': 'application/json', origin: site.url, 'x-request-id': 'r-1' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : body);
  });
}

it('never reaches the control API through the host, however the path is spelt; the host’s calls are journalled', async () => {
  const rule = JSON.stringify({ fault: { kind: 'status', status: 503 } });
  const tries = [
    ['POST', '/api/__mock/rules'],
    ['POST', '/api/__mock.rules'],
    ['POST', '/api/../__mock/rules'],
    ['POST', '/api/..%2F__mock%2Frules'],
    ['POST', '/api/%2E%2E/__mock/rules'],
    ['POST', '/api/upload/../../__mock/rules'],
    ['GET', '/api/__mock/journal'],
    ['POST', '/__mock/rules'],
    ['GET', '/__mock/journal'],
  ] as const;
  for (const [method, path] of tries) {
    const answer = await raw(method, path, rule);
    expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    expect(answer.text, `${method} ${path}`).not.toContain('"entries"');
  }
  const { entries } = (await (await fetch(`${mock().url}/__mock/journal`)).json()) as { entries: unknown[] };
  expect(entries).toEqual([]);
  expect(await (await fetch(`${mock().url}/__mock/rules`)).json()).toEqual({ rules: [] });
  // The host's own calls do reach the mock, and show in its journal.
  const call = await raw('POST', '/api/users.hasTwoFactorAuth', JSON.stringify({ params: { email: 'a@example.com' } }));
  expect(call.status).toBe(200);
  const after = (await (await fetch(`${mock().url}/__mock/journal`)).json()) as {
    entries: { operationId: string }[];
  };
  expect(after.entries.map((e) => e.operationId)).toEqual(['users.hasTwoFactorAuth']);
});
