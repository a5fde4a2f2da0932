import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import { listen, type RunningServer } from '@runofshow/devkit/listen';
import { raw } from '@runofshow/devkit/raw-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedProxies } from '../src/client-address.js';
import { freePort } from '../src/free-port.js';
import { MAX_BODY_BYTES, type RunningFront, startMockFront } from '../src/mock-front.js';

// The mock's public address in front of a small upstream that records what reaches it (Prism's place): bodies past
// Prism's own 10 MiB limit are refused before they are held (issue 20: a 150 MB body grew the mock by 440 MB), and
// the client's address the sandbox's limits count by is the caller's own unless a trusted proxy names another.
let upstream: RunningServer;
const reached: { headers: IncomingHttpHeaders; bytes: number }[] = [];
const fronts: RunningFront[] = [];

beforeAll(async () => {
  upstream = await listen(
    createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      req.on('end', () => {
        reached.push({ headers: req.headers, bytes });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    }),
    0,
  );
});

afterAll(async () => {
  await Promise.all([upstream?.stop(), ...fronts.map((front) => front.stop())]);
});

async function front(trustedProxy?: (address: string) => boolean): Promise<RunningFront> {
  const started = await startMockFront({
    port: await freePort(),
    target: upstream.url,
    ...(trustedProxy ? { trustedProxy } : {}),
  });
  fronts.push(started);
  return started;
}

/** Sends `megabytes` of body in 1 MiB chunks, without a length (chunked), and reads the answer. */
function chunked(url: string, megabytes: number): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/teams/65a1f0c2e4b0a1b2c3d4e5f7/photo`,
      { method: 'PUT', headers: { 'content-type': 'multipart/form-data; boundary=x', 'x-api-key': 'k' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }));
      },
    );
    // The front closes the connection once it has answered: writes after that fail, and that is expected.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    const chunk = Buffer.alloc(1024 * 1024, 97);
    let sent = 0;
    const write = () => {
      while (sent < megabytes) {
        sent++;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

describe('bodies at the mock’s public address', () => {
  it('refuses a declared length past 10 MiB with a 413 problem at once, without waiting for the body', async () => {
    const { url } = await front();
    const before = reached.length;
    const { port } = new URL(url);
    const answer = await raw(
      url,
      `PUT /teams/65a1f0c2e4b0a1b2c3d4e5f7/photo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${150 * 1024 * 1024}\r\n\r\n`,
    );
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({ status: 413, title: 'Content too large' });
    expect(reached.length).toBe(before);
  });

  it('refuses a chunked body once it passes 10 MiB, and passes one within the limit', async () => {
    const { url } = await front();
    const before = reached.length;
    const tooBig = await chunked(url, 11);
    expect([tooBig.status, tooBig.type]).toEqual([413, 'application/problem+json']);
    expect(JSON.parse(tooBig.body).detail).toContain(String(MAX_BODY_BYTES));
    expect(reached.length).toBe(before);
    expect((await chunked(url, 2)).status).toBe(200);
    expect(reached.at(-1)?.bytes).toBe(2 * 1024 * 1024);
  });
});

describe('the client address passed on to the sandbox', () => {
  const forwardedAs = async (url: string, xff?: string) => {
    await fetch(`${url}/users/ada%40example.com/has2fa`, {
      headers: { 'x-api-key': 'k', ...(xff ? { 'x-forwarded-for': xff } : {}) },
    });
    return reached.at(-1)?.headers['x-forwarded-for'];
  };

  it('is the nearest X-Forwarded-For entry past the trusted proxies (loopback), else the peer’s own', async () => {
    const { url } = await front();
    expect(await forwardedAs(url)).toBe('127.0.0.1');
    expect(await forwardedAs(url, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await forwardedAs(url, 'not-an-address')).toBe('127.0.0.1');
  });

  // Issue 29 F1: nginx sets the visitor, the host (TRUST_PROXY=on) appends nginx's address, and the mock's peer is the
  // host. Counting by the last entry made every visitor nginx, one client for the whole site.
  it('is each visitor behind nginx → host, not the proxy both came through', async () => {
    const { url } = await front();
    expect(await forwardedAs(url, '198.51.100.7, 127.0.0.1')).toBe('198.51.100.7');
    expect(await forwardedAs(url, '203.0.113.9, 127.0.0.1')).toBe('203.0.113.9');
    // Visitors on the mock's own machine (the drill's 127.0.0.2 and 127.0.0.3): all trusted, so the leftmost.
    expect(await forwardedAs(url, '127.0.0.2, 127.0.0.1')).toBe('127.0.0.2');
    expect(await forwardedAs(url, '127.0.0.3, 127.0.0.1')).toBe('127.0.0.3');
    // What a visitor wrote left of the first untrusted hop is never believed.
    expect(await forwardedAs(url, '10.9.9.9, 198.51.100.7, 127.0.0.1')).toBe('198.51.100.7');
    expect(await forwardedAs(url, 'evil, 127.0.0.2, 127.0.0.1')).toBe('127.0.0.2');
  });

  it('walks past the proxies a deployment lists (MOCK_TRUSTED_PROXIES), and no further', async () => {
    const { url } = await front(trustedProxies('10.0.0.0/8, 192.0.2.5'));
    expect(await forwardedAs(url, '198.51.100.7, 10.1.2.3, 192.0.2.5')).toBe('198.51.100.7');
    expect(await forwardedAs(url, '198.51.100.7, 10.1.2.3, 192.0.2.6')).toBe('192.0.2.6');
    expect(() => trustedProxies('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => trustedProxies('nginx.internal')).toThrow();
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const { url } = await front(() => false);
    expect(await forwardedAs(url, '198.51.100.7')).toBe('127.0.0.1');
  });
});

// Issue 29 F11: Prism never answered a JSON request whose body is not JSON; it held each ~300 s, then dropped it.
describe('a JSON request whose body is not JSON', () => {
  it('gets a 400 problem at once, and nothing goes upstream', async () => {
    const { url } = await front();
    const before = reached.length;
    const started = performance.now();
    const answer = await fetch(`${url}/users`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'content-type': 'application/json; charset=utf-8' },
      body: '{"email": "half',
      signal: AbortSignal.timeout(5000),
    });
    expect([answer.status, answer.headers.get('content-type')]).toEqual([400, 'application/problem+json']);
    expect(await answer.json()).toMatchObject({ status: 400, title: 'Bad request' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(reached.length).toBe(before);
  });
});

// Issue 29 F12: the outbox's mails carry live reset links; it was readable wherever the mock was reachable.
describe('the outbox', () => {
  const page = () => ({ status: 200, type: 'text/html; charset=utf-8', body: '<h1>Outbox</h1>', headers: {} });
  async function withOutbox(outboxToken?: string): Promise<string> {
    const started = await startMockFront({
      port: await freePort(),
      target: upstream.url,
      outbox: page,
      ...(outboxToken ? { outboxToken } : {}),
    });
    fronts.push(started);
    return started.url;
  }
  // The visitor's address as nginx on this machine would pass it: the front believes it from loopback.
  const from = (client: string, authorization?: string) => ({
    headers: { 'x-forwarded-for': client, ...(authorization ? { authorization } : {}) },
  });
  const basic = (password: string) => `Basic ${Buffer.from(`tester:${password}`).toString('base64')}`;

  it('answers a client on this machine, and refuses anyone else when no token was set', async () => {
    const url = await withOutbox();
    expect((await fetch(`${url}/outbox/`)).status).toBe(200);
    expect((await fetch(`${url}/outbox/`, from('127.0.0.2'))).status).toBe(200);
    const refused = await fetch(`${url}/outbox/`, from('198.51.100.7'));
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('Outbox</h1>');
  });

  it('asks anyone else for the token set at start, and answers them with it', async () => {
    const url = await withOutbox('open-sesame-2026');
    const asked = await fetch(`${url}/outbox/`, from('198.51.100.7'));
    expect([asked.status, asked.headers.get('www-authenticate')]).toEqual([
      401,
      'Basic realm="outbox", charset="UTF-8"',
    ]);
    expect((await fetch(`${url}/outbox/`, from('198.51.100.7', basic('wrong-sesame-2026')))).status).toBe(401);
    expect((await fetch(`${url}/outbox/`, from('198.51.100.7', basic('open-sesame-2026')))).status).toBe(200);
  });
});
