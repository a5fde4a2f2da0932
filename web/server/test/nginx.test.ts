// nginx in front of the host, as `npm run nginx:config` writes it (issue 21): Debian's nginx run on the rendered
// template with a self-signed certificate, asked what the host is asked, answering with the same headers.

import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect as connectHttp2 } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nginxMissing,
  nginxTemplate,
  type RunningNginx,
  renderNginx,
  selfSignedCertificate,
  startNginx,
} from '../src/nginx.js';
import { builtApp, testHost } from './support.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTPS request trusting the test certificate (HTTP/1.1, as Node's clients speak). */
function ask(
  url: string,
  ca: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
): Promise<Answer> {
  // From another source address (a visitor on 127.0.0.2): nginx listens on 127.0.0.1, under the site's name.
  const from = init.localAddress
    ? { host: '127.0.0.1', localAddress: init.localAddress, servername: new URL(url).hostname, agent: false as const }
    : {};
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { method: init.method ?? 'GET', headers: init.headers ?? {}, ca, ...from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

async function askPlain(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** What a visitor's browser acts on: the security headers, caching, type and coding. */
const COMPARED = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
  'cache-control',
  'content-type',
  'content-encoding',
  'vary',
];
const shown = (answer: Answer) => ({
  status: answer.status,
  ...Object.fromEntries(COMPARED.map((name) => [name, answer.headers[name]])),
});

async function render(env: Record<string, string>, appDir: string): Promise<string> {
  const rendered = renderNginx(nginxTemplate(), env, appDir);
  if (!rendered.ok) throw new Error(rendered.errors.join('\n'));
  return rendered.text.replace(/^worker_processes auto;$/m, 'worker_processes 1;');
}

describe('nginx in front of the host', () => {
  it('runs here: Debian nginx is installed (npm test and .ci/run install it; this fails, it is not skipped, without it)', () => {
    expect(nginxMissing()).toBeUndefined();
  });

  describe('rendering', () => {
    it('names each missing or malformed variable, as the host does', async () => {
      const appDir = await builtApp();
      const rendered = renderNginx(
        nginxTemplate(),
        { NGINX_UPSTREAMS: '10.0.0.5', TLS_CERTIFICATE: 'cert.pem', NGINX_LISTEN: '443 ssl', API_MODE: 'direct' },
        appDir,
      );
      expect(rendered.ok).toBe(false);
      const names = rendered.ok ? [] : rendered.errors.map((error) => error.split(' ')[0]);
      expect(names).toEqual([
        'NGINX_UPSTREAMS',
        'NGINX_LISTEN',
        'TLS_CERTIFICATE',
        'TLS_CERTIFICATE_KEY',
        'NGINX_MAIN_APP',
      ]);
    });

    it('puts the API origin in connect-src in direct mode, as the host does', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'nginx-'));
      const { certificate, key } = await selfSignedCertificate(dir);
      const env = {
        NGINX_UPSTREAMS: '127.0.0.1:1',
        TLS_CERTIFICATE: certificate,
        TLS_CERTIFICATE_KEY: key,
        NGINX_MAIN_APP: 'placeholder',
        NGINX_BROTLI_MODULE: 'off',
      };
      const appDir = await builtApp();
      const direct = renderNginx(
        nginxTemplate(),
        { ...env, API_MODE: 'direct', API_ORIGIN: 'https://api.test/' },
        appDir,
      );
      const proxy = renderNginx(nginxTemplate(), env, appDir);
      expect(direct.ok && direct.text).toContain("connect-src 'self' https://api.test;");
      expect(proxy.ok && proxy.text).toContain("connect-src 'self';");
      // §9's collector, as the host names it (its path; a CSP source holds no query).
      const monitored = renderNginx(
        nginxTemplate(),
        { ...env, API_MODE: 'direct', API_ORIGIN: 'https://api.test/', RUM_ENDPOINT: 'https://rum.test/c?k=1' },
        appDir,
      );
      expect(monitored.ok && monitored.text).toContain("connect-src 'self' https://api.test https://rum.test/c;");
      expect(proxy.ok && proxy.text).not.toMatch(/^\s*(load_module|brotli_static)/m);
    });
  });

  describe('serving', () => {
    let dir: string;
    let ca: string;
    let nginx: RunningNginx;
    let site: string;
    let hostUrl: string;
    let stopHost: () => Promise<void>;
    let appDir: string;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'nginx-'));
      const { certificate, key } = await selfSignedCertificate(dir);
      ca = readFileSync(certificate, 'utf8');
      appDir = await builtApp();
      const port = await freePort();
      site = `https://localhost:${port}`;
      const { host } = await testHost({ appDir, trustProxy: true, hosts: [`localhost:${port}`] });
      hostUrl = host.url;
      stopHost = () => host.stop();
      const config = await render(
        {
          NGINX_UPSTREAMS: new URL(host.url).host,
          NGINX_LISTEN: `127.0.0.1:${port}`,
          TLS_CERTIFICATE: certificate,
          TLS_CERTIFICATE_KEY: key,
          NGINX_MAIN_APP: 'placeholder',
        },
        appDir,
      );
      nginx = await startNginx(config, dir, port);
    });
    afterAll(async () => {
      await nginx?.stop();
      await stopHost?.();
    });

    // The host is asked as nginx asks it: over plain HTTP from a trusted proxy that says the visitor used HTTPS.
    const viaHost = (path: string, headers: Record<string, string> = {}) =>
      askPlain(`${hostUrl}${path}`, { 'x-forwarded-proto': 'https', ...headers });

    it.each([
      ['a hashed file, brotli', '/app.login/assets/big-abc.js', 'br'],
      ['a hashed file, gzip', '/app.login/assets/big-abc.js', 'gzip'],
      ['a hashed file, no coding', '/app.login/assets/big-abc.js', 'identity'],
      ['a small hashed file without twins', '/app.login/assets/main-abc.js', 'br, gzip'],
      ['a hashed file in another case', '/APP.LOGIN/Assets/main-abc.js', 'br'],
      ['a file of the build', '/app.login/api-operations.json', 'br'],
      ['a missing hashed file', '/app.login/assets/gone-abc.js', 'br'],
      ['the login page', '/app.login/login', 'br'],
      ['a captcha page', '/app.login/signup', 'br'],
      ['a token page', '/app.login/reset/some-token', 'br'],
      ['a page named .html', '/app.login/index.html', 'br'],
      ['the front door', '/', 'br'],
      ['an unknown path', '/wp-login.php', 'br'],
      ['health', '/healthz', 'br'],
    ])('%s (%s): the same status and headers as the host', async (_, path, coding) => {
      const headers = { 'accept-encoding': coding };
      const [front, host] = await Promise.all([ask(`${site}${path}`, ca, { headers }), viaHost(path, headers)]);
      expect(shown(front)).toEqual(shown(host));
    });

    // Issue 29 F10: /readyz says whether the backend is down and makes the host probe it; visitors get 403.
    it('keeps /readyz for probes on this machine: 403 to a visitor from another address', async () => {
      const visitor = await ask(`${site}/readyz`, ca, { localAddress: '127.0.0.2' });
      expect(visitor.status).toBe(403);
      expect(visitor.body.toString()).not.toContain('ready');
      const local = await ask(`${site}/readyz`, ca);
      expect(local.status).toBe((await viaHost('/readyz', {})).status);
      expect((await ask(`${site}/healthz`, ca, { localAddress: '127.0.0.2' })).status).toBe(200);
    });

    it.each([
      ['POST', '/app.login/assets/big-abc.js'],
      ['PUT', '/app.login/api-operations.json'],
      ['DELETE', '/APP.LOGIN/assets/main-abc.js'],
    ])('refuses %s on a file it serves as the host does: 405, Allow, never cached', async (method, path) => {
      const front = await ask(`${site}${path}`, ca, {
        method,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const response = await fetch(`${hostUrl}${path}`, {
        method,
        headers: { 'x-forwarded-proto': 'https' },
        body: '{}',
      });
      const host = { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.alloc(0) };
      expect(shown(front)).toEqual(shown(host));
      expect(front.headers.allow).toBe('GET, HEAD');
      expect(front.headers['cache-control']).toBe('no-store');
    });

    it('serves the files itself, with the twin the build wrote', async () => {
      const answer = await ask(`${site}/app.login/assets/big-abc.js`, ca, { headers: { 'accept-encoding': 'br' } });
      expect(answer.headers['x-request-id']).toBeUndefined();
      expect(answer.body).toEqual(readFileSync(join(appDir, 'assets', 'big-abc.js.br')));
      expect(nginx.accessLog()).toMatch(/"path":"\/app.login\/assets\/big-abc.js","status":200,[^\n]*"upstream":""/);
    });

    it('passes the pages to the host, which writes their settings', async () => {
      const answer = await ask(`${site}/app.login/login`, ca);
      expect(answer.headers['x-request-id']).toBeDefined();
      expect(answer.body.toString()).toContain('<meta name="api-mode" content="proxy"');
    });

    it('answers its own refusals with the same headers: a body past the host’s 10 MiB', async () => {
      const answer = await ask(`${site}/api/auth.login`, ca, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(11 * 1024 * 1024, 32),
      });
      expect(answer.status).toBe(413);
      expect(answer.headers['x-request-id']).toBeUndefined();
      const refusal = await viaHost('/nope');
      for (const name of COMPARED.slice(0, 7)) expect(answer.headers[name], name).toBe(refusal.headers[name]);
    });

    it('speaks HTTP/2 over TLS', async () => {
      const session = connectHttp2(site, { ca });
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const stream = session.request({ ':path': '/app.login/login' });
          stream.on('response', (headers) => resolve(Number(headers[':status'])));
          stream.on('error', reject);
          stream.resume();
        });
        expect(status).toBe(200);
        expect(session.alpnProtocol).toBe('h2');
      } finally {
        session.close();
      }
    });

    it('answers over HTTP/2 a request whose headers the host accepts (12 KiB of cookies), not a reset', async () => {
      const session = connectHttp2(site, { ca });
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const stream = session.request({ ':path': '/app.login/login', cookie: `big=${'x'.repeat(12 * 1024)}` });
          stream.on('response', (headers) => resolve(Number(headers[':status'])));
          stream.on('error', reject);
          stream.on('close', () => reject(new Error(`closed without an answer (code ${stream.rstCode})`)));
          stream.resume();
        });
        expect(status).toBe(200);
      } finally {
        session.close();
      }
    });

    it('answers the main application’s paths with its placeholder, with the same headers', async () => {
      const answer = await ask(`${site}/dash/redirect`, ca);
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toContain('Main application');
      expect(answer.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });

    it('logs no token and no query', async () => {
      await ask(`${site}/app.login/reset/secret-reset-token?accessToken=secret-access`, ca);
      await ask(`${site}/APP.LOGIN//Verify/secret-verify-token`, ca);
      // A token page as the host and the app's router see it once decoded: its token is no less secret.
      await ask(`${site}/app.login/%72eset/secret-encoded-token`, ca);
      expect(nginx.accessLog()).toContain('"path":"/app.login/reset/[redacted]"');
      expect(nginx.accessLog()).toContain('"path":"/APP.LOGIN/Verify/[redacted]"');
      expect(nginx.accessLog()).not.toMatch(/secret-/);
    });

    it('logs no error but the body it refused', () => {
      const errors = nginx
        .errorLog()
        .split('\n')
        .filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
      expect(errors.filter((line) => !line.includes('client intended to send too large body'))).toEqual([]);
      expect(errors).toHaveLength(1);
    });
  });

  describe('what it sends the hosts, and which calls it moves to the next one', () => {
    const servers: Server[] = [];
    const running: RunningNginx[] = [];
    let ca: string;
    let certificate: string;
    let key: string;
    let dir: string;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'nginx-'));
      ({ certificate, key } = await selfSignedCertificate(dir));
      ca = readFileSync(certificate, 'utf8');
    });
    afterAll(async () => {
      await Promise.all(running.map((one) => one.stop()));
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    });

    /** A host stand-in that answers with what it was sent, as a host answers (with X-Request-Id). */
    async function echo(seen: IncomingHttpHeaders[]): Promise<number> {
      const server = createServer((req, res) => {
        seen.push(req.headers);
        req.resume();
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'echo' });
          res.end(JSON.stringify({ headers: req.headers }));
        });
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as { port: number }).port;
    }

    /** A host that dies with the request: it reads it whole, then drops the connection without an answer. */
    async function dropper(seen: string[]): Promise<number> {
      const server = createServer((req) => {
        seen.push(`${req.method} ${req.url}`);
        req.resume();
        req.on('end', () => req.socket.destroy());
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as { port: number }).port;
    }

    async function front(upstreams: number[]): Promise<string> {
      const port = await freePort();
      const run = await mkdtemp(join(dir, 'run-'));
      const config = await render(
        {
          NGINX_UPSTREAMS: upstreams.map((one) => `127.0.0.1:${one}`).join(','),
          NGINX_LISTEN: `127.0.0.1:${port}`,
          TLS_CERTIFICATE: certificate,
          TLS_CERTIFICATE_KEY: key,
          NGINX_MAIN_APP: 'placeholder',
        },
        await builtApp(),
      );
      running.push(await startNginx(config, run, port));
      return `https://localhost:${port}`;
    }

    it('sets X-Forwarded-For/-Proto/-Host and the Host the visitor used, overwriting what a client sent', async () => {
      const seen: IncomingHttpHeaders[] = [];
      const site = await front([await echo(seen)]);
      const answer = await ask(`${site}/app.login/login`, ca, {
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.test' },
      });
      expect(answer.status).toBe(200);
      const port = new URL(site).port;
      expect(seen[0]).toMatchObject({
        host: `localhost:${port}`,
        'x-forwarded-for': '127.0.0.1',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': `localhost:${port}`,
        connection: 'close',
      });
    });

    it('moves a read that failed on one host to the next, and marks that host failed', async () => {
      const seen: IncomingHttpHeaders[] = [];
      const dropped: string[] = [];
      const site = await front([await dropper(dropped), await echo(seen)]);
      const answer = await ask(`${site}/app.login/login`, ca);
      expect(answer.status).toBe(200);
      expect(dropped).toEqual(['GET /app.login/login']);
      expect(seen).toHaveLength(1);
    });

    it('never sends a write twice: a POST the first host took and dropped is a 502, for the SDK to retry with its key', async () => {
      const seen: IncomingHttpHeaders[] = [];
      const dropped: string[] = [];
      const site = await front([await dropper(dropped), await echo(seen)]);
      const answer = await ask(`${site}/api/users.create`, ca, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
        body: '{}',
      });
      expect(answer.status).toBe(502);
      expect(dropped).toEqual(['POST /api/users.create']);
      expect(seen).toHaveLength(0);
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('moves a write to the next host when the first refused the connection (nothing was sent)', async () => {
      const seen: IncomingHttpHeaders[] = [];
      const closed = await freePort();
      const site = await front([closed, await echo(seen)]);
      const answer = await ask(`${site}/api/users.create`, ca, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(answer.status).toBe(200);
      expect(seen).toHaveLength(1);
    });
  });
});
