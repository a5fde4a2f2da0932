import { createServer } from 'node:http';
import { listen, type RunningServer } from '@runofshow/devkit/listen';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from './faults.js';

// The drill's fault proxy decides through the mock's fault engine (issue 32): each kind as the drill counts it, a call
// faulted once at most by its request id, the readiness probe never.
let backend: RunningServer;
let proxy: FaultProxy;
const seen: string[] = [];

beforeAll(async () => {
  backend = await listen(
    createServer((req, res) => {
      req.resume();
      seen.push(`${req.method} ${req.url} ${String(req.headers['x-request-id'] ?? '-')}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }),
    0,
  );
  proxy = await startFaultProxy(backend.url);
});

afterAll(async () => {
  await Promise.all([proxy?.stop(), backend?.stop()]);
});

const call = (id: string, path = '/tokens/valid') =>
  fetch(`${proxy.url}${path}`, { headers: { 'x-request-id': id } }).then(
    (r) => r.status,
    () => 'cut',
  );

it('injects each kind once per request id during a moment, through the shared fault engine', async () => {
  proxy.open('unavailable', 5_000);
  expect(await fetch(`${proxy.url}/`).then((r) => r.status)).toBe(200);
  expect([await call('a'), await call('a')]).toEqual([503, 200]);
  proxy.open('lost', 5_000);
  expect([await call('b'), await call('b')]).toEqual([503, 200]);
  proxy.open('cut', 5_000);
  expect([await call('c'), await call('c')]).toEqual(['cut', 200]);
  expect(proxy.counts).toEqual({ unavailable: 1, stall: 0, lost: 1, cut: 1 });
  expect([...proxy.faulted]).toEqual([
    ['a', 'unavailable'],
    ['b', 'lost'],
    ['c', 'cut'],
  ]);
  // The 503 never reached the backend; the lost answer and the cut one were applied there first.
  expect(seen).toEqual([
    'GET / -',
    'GET /tokens/valid a',
    'GET /tokens/valid b',
    'GET /tokens/valid b',
    'GET /tokens/valid c',
    'GET /tokens/valid c',
  ]);
});
