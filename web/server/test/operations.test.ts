import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { raw } from '@runofshow/devkit/raw-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHost, startMetricsServer } from '../src/index.js';
import { API_KEY, type Backend, builtApp, callApi, type LogLines, testHost } from './support.js';

// What a host needs to be run by someone else: health and readiness for a load balancer, a log line per request with
// no secret in it, metrics, a shutdown that drains, and connections it cannot be made to hold.

let app: string;
let host: RunningHost;
let backend: Backend;
let logs: LogLines;

beforeAll(async () => {
  app = await builtApp();
  ({ host, backend, logs } = await testHost({ appDir: app }));
});

afterAll(() => host.stop());

describe('health and readiness', () => {
  it('/healthz answers 200 while the process serves; /readyz 200 only while the backend answers', async () => {
    expect((await fetch(`${host.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${host.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    backend.up = false;
    const down = await fetch(`${host.url}/readyz`);
    expect([down.status, await down.json()]).toEqual([503, { status: 'backend unavailable' }]);
    expect((await fetch(`${host.url}/healthz`)).status).toBe(200);
    backend.up = true;
    expect((await fetch(`${host.url}/readyz`)).status).toBe(200);
    // A backend that answers 5xx is not ready either.
    backend.answer = () => new Response(null, { status: 503 });
    expect((await fetch(`${host.url}/readyz`)).status).toBe(503);
    backend.answer = () => Response.json({ hasTwoFactorAuth: false });
  });
});

describe('logs', () => {
  it('one JSON line per request: request id, method, route, status, duration', async () => {
    logs.clear();
    await fetch(`${host.url}/app.login/login`, { headers: { 'x-request-id': 'abc-123' } });
    await fetch(`${host.url}/nowhere`);
    await callApi(host.url, 'users.hasTwoFactorAuth', { params: { email: 'a@example.com' } });
    const lines = logs.requests();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ reqId: 'abc-123', method: 'GET', route: '/app.login', status: 200 });
    expect(lines[1]).toMatchObject({ method: 'GET', route: '/', status: 404 });
    expect(lines[2]).toMatchObject({ method: 'POST', route: '/api/users.hasTwoFactorAuth', status: 200 });
    for (const line of lines) {
      expect(typeof line.durationMs).toBe('number');
      expect(line.reqId).toMatch(/^[\w-]+$/);
      expect(line).toHaveProperty('level', 'info');
    }
  });

  it('hold no token of a token page, no access token or guest pass, and never the API key', async () => {
    logs.clear();
    await fetch(`${host.url}/app.login/reset/secret-reset-token-1?email=a%40b.co`);
    await fetch(`${host.url}/app.login/VERIFY/secret-verify-token-2`);
    await fetch(`${host.url}/app.login/signup/invited/secret-invite-token-3`);
    await fetch(`${host.url}/app.login/login?accessToken=secret-access-4&guestPass=secret-guest-5`);
    await fetch(`${host.url}/api/tokens.getUser?accessToken=secret-access-6`, { method: 'POST', body: '{}' });
    await fetch(`${host.url}/app.login/${API_KEY}`);
    await callApi(host.url, 'users.hasTwoFactorAuth', { params: { email: 'a@example.com' } });
    const text = logs.raw.join('\n');
    expect(logs.requests()).toHaveLength(7);
    expect(text).not.toMatch(/secret-/);
    expect(text).not.toContain(API_KEY);
    expect(text).toContain('/app.login/reset/[redacted]?email=a%40b.co');
    expect(text).toContain('?accessToken=[redacted]&guestPass=[redacted]');
  });
});

describe('metrics', () => {
  it('counts requests by route and status, times them, times the backend, and has Node’s own', async () => {
    const metrics = await startMetricsServer(host.metrics, 0);
    try {
      await fetch(`${host.url}/app.login/login`);
      await callApi(host.url, 'users.hasTwoFactorAuth', { params: { email: 'a@example.com' } });
      const response = await fetch(`${metrics.url}/metrics`);
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = await response.text();
      expect(text).toMatch(/http_requests_total\{route="\/app\.login",method="GET",status="200"\} \d+/);
      expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/users\.hasTwoFactorAuth"/);
      expect(text).toMatch(/upstream_duration_seconds_count\{outcome="answer"\} [1-9]/);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(text).toContain('process_resident_memory_bytes');
      expect((await fetch(`${metrics.url}/other`)).status).toBe(404);
      // The visitors' port serves no metrics.
      expect((await fetch(`${host.url}/metrics`)).status).toBe(404);
    } finally {
      await metrics.stop();
    }
  });

  // Issue 29 F9: the metrics port answered any Host, so a page on a rebinding name could read it from a browser.
  it('answers only an IP address, localhost or a name it was given, never a rebinding name', async () => {
    const metrics = await startMetricsServer(host.metrics, 0, undefined, ['host-a.internal']);
    try {
      const { port } = new URL(metrics.url);
      const status = async (hostHeader: string) =>
        (await raw(metrics.url, `GET /metrics HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`)).status;
      expect(await status(`127.0.0.1:${port}`)).toBe(200);
      expect(await status(`localhost:${port}`)).toBe(200);
      expect(await status(`[::1]:${port}`)).toBe(200);
      expect(await status(`host-a.internal:${port}`)).toBe(200);
      expect(await status(`rebind.attacker.example:${port}`)).toBe(400);
      expect(await status('evil.example')).toBe(400);
    } finally {
      await metrics.stop();
    }
  });
});

describe('shutdown', () => {
  it('turns /readyz 503 first, serves on through the delay, lets the request in flight finish, then closes', async () => {
    const { host: draining, backend: slow } = await testHost({ appDir: app });
    let release: () => void = () => undefined;
    slow.answer = () => new Promise((resolve) => (release = () => resolve(Response.json({ hasTwoFactorAuth: true }))));
    const inFlight = callApi(draining.url, 'users.hasTwoFactorAuth', { params: { email: 'a@example.com' } });
    await expect.poll(() => slow.calls.length).toBe(1);
    const stopped = draining.shutdown(300, 5000);
    const readyz = await fetch(`${draining.url}/readyz`);
    expect([readyz.status, await readyz.json()]).toEqual([503, { status: 'draining' }]);
    // Still serving during the delay: a load balancer that has not yet seen the 503 loses nothing.
    expect((await fetch(`${draining.url}/app.login/login`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Past the delay the listener is closed: a new connection is refused.
    await expect(fetch(`${draining.url}/healthz`)).rejects.toThrow();
    release();
    const answer = await inFlight;
    expect([answer.status, await answer.json()]).toEqual([200, { hasTwoFactorAuth: true }]);
    await stopped;
  });

  it('cuts what is still in flight at the timeout, and still stops', async () => {
    const { host: stuck, backend: never } = await testHost({ appDir: app });
    never.answer = () => new Promise(() => undefined);
    const inFlight = callApi(stuck.url, 'users.hasTwoFactorAuth', { params: { email: 'a@example.com' } }).catch(
      (error: unknown) => error,
    );
    await expect.poll(() => never.calls.length).toBe(1);
    const started = performance.now();
    await stuck.shutdown(0, 200);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await inFlight).toBeInstanceOf(Error);
  });
});

/**
 * The sockets this process holds open whose local end is `port` (Linux: /proc/self/fd against /proc/net/tcp*): the
 * host's ends of its connections, listener aside. A socket the host half-closed but never destroyed stays among them;
 * one it let go of is no descriptor any more. Counting every descriptor of the process instead failed at random: the
 * vitest worker runs other files too, whose sockets come and go meanwhile.
 */
function hostEnds(port: number): number {
  const held = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
      if (inode) held.add(inode);
    } catch {
      // Closed while listed.
    }
  }
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/self/net/tcp', '/proc/self/net/tcp6']
    .flatMap((table) => readFileSync(table, 'utf8').trim().split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter(
      ([, local, , state, , , , , , inode]) => local?.endsWith(`:${hex}`) && state !== '0A' && held.has(inode ?? ''),
    ).length;
}
const connections = (server: RunningHost['server']) =>
  new Promise<number>((resolve, reject) =>
    server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** A client that sends `bytes` and then never reads nor closes: what the host must not wait on for good. */
function neverReads(url: string, bytes: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.pause();
      socket.write(bytes);
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

// Issue 20 point 9: after a malformed or timed-out request the host half-closed the socket and never destroyed it;
// a client that never reads nor closes kept the descriptor for good.
describe('connections a client never closes', () => {
  it.each([
    ['a malformed request line', 'NOT HTTP AT ALL\r\n\r\n'],
    ['a body that never finishes', 'POST /api/auth.login HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{'],
    ['a header that is no header', 'GET /app.login/login HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n'],
    ['headers that never finish', 'GET /app.login/login HTTP/1.1\r\nHost: x\r\nX-Slow: '],
  ])('%s: the host lets go of the descriptor', async (_, bytes) => {
    const { host: bounded } = await testHost({ appDir: app, requestTimeoutMs: 200, lingerMs: 200 });
    const clients: Socket[] = [];
    try {
      const port = Number(new URL(bounded.url).port);
      for (let i = 0; i < 5; i++) clients.push(await neverReads(bounded.url, bytes));
      expect(hostEnds(port)).toBe(clients.length);
      // Each client holds its own end; the host's ends must go.
      await expect.poll(() => connections(bounded.server), { timeout: 3000 }).toBe(0);
      await expect.poll(() => hostEnds(port), { timeout: 3000 }).toBe(0);
    } finally {
      for (const client of clients) client.destroy();
      await bounded.stop();
    }
  });
});

describe('which Host names it answers', () => {
  it('on loopback, its own names only (no DNS rebinding); on a public address, any well-formed one', async () => {
    const port = new URL(host.url).port;
    const asHost = (url: string, name: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = connect(Number(new URL(url).port), '127.0.0.1', () =>
          socket.write(`GET /healthz HTTP/1.1\r\nHost: ${name}\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
        });
        socket.on('end', () => resolve(Number(text.split(' ')[1])));
        socket.on('error', reject);
      });
    expect(await asHost(host.url, `localhost:${port}`)).toBe(200);
    expect(await asHost(host.url, `evil.example:${port}`)).toBe(400);
    const { host: publicHost } = await testHost({ appDir: app, host: '0.0.0.0' });
    try {
      expect(await asHost(publicHost.url, 'signin.example.com')).toBe(200);
      expect(await asHost(publicHost.url, 'bad host name')).toBe(400);
    } finally {
      await publicHost.stop();
    }
  });
});
