import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowListOf, type RunningHost } from '../src/index.js';
import { API_KEY, type Backend, BIG, builtApp, callApi, type LogLines, STYLE, testHost } from './support.js';

/** A GET that names the codings it accepts exactly (fetch always adds its own) and reads the bytes as sent. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; length: number }>(
    (resolve, reject) => {
      get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, length: Buffer.concat(chunks).length }),
        );
      }).on('error', reject);
    },
  );
}

let app: string;
let direct: RunningHost;
let proxy: RunningHost;
let backend: Backend;
let logs: LogLines;

beforeAll(async () => {
  app = await builtApp();
  // A key with replacement patterns in it: written as it is, never expanded into the page.
  direct = (await testHost({ appDir: app, apiMode: 'direct', apiKey: "k$'$&$`" })).host;
  ({ host: proxy, backend, logs } = await testHost({ appDir: app, apiMode: 'proxy' }));
});

afterAll(async () => {
  await Promise.all([direct.stop(), proxy.stop()]);
});

beforeEach(() => {
  backend.calls.length = 0;
  backend.up = true;
  logs.clear();
});

describe('the page settings', () => {
  it('direct mode: the backend and the key in the page, literally, and the backend allowed by connect-src', async () => {
    const response = await fetch(`${direct.url}/app.login/signup`);
    const html = await response.text();
    expect(html).toContain('<meta name="api-endpoint" content="https://api.test" />');
    expect(html).toContain('<meta name="api-key" content="k$\'$&amp;$`" />');
    expect(html).toContain('<meta name="api-mode" content="direct" />');
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(response.headers.get('content-security-policy')).toMatch(/connect-src 'self' https:\/\/api\.test/);
  });

  it('proxy mode: neither the backend nor the key in the page, and connect-src is the page’s own origin', async () => {
    const response = await fetch(`${proxy.url}/app.login/login`);
    const html = await response.text();
    expect(html).toContain('<meta name="api-endpoint" content="" />');
    expect(html).toContain('<meta name="api-key" content="" />');
    expect(html).toContain('<meta name="api-mode" content="proxy" />');
    expect(html).not.toContain(API_KEY);
    expect(html).not.toContain('api.test');
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self';");
  });

  it('§9 monitoring: the collector in the page and in connect-src only when it is set', async () => {
    const { host } = await testHost({ appDir: app, rumEndpoint: 'https://rum.test/collect?app=sign-in&v=1' });
    try {
      const response = await fetch(`${host.url}/app.login/login`);
      expect(await response.text()).toContain(
        '<meta name="rum-endpoint" content="https://rum.test/collect?app=sign-in&amp;v=1" />',
      );
      // The path alone (a CSP source holds no query): the page may post there and nowhere else on that origin.
      expect(response.headers.get('content-security-policy')).toContain("connect-src 'self' https://rum.test/collect;");
    } finally {
      await host.stop();
    }
    const off = await fetch(`${proxy.url}/app.login/login`);
    expect(await off.text()).toContain('<meta name="rum-endpoint" content="" />');
    expect(off.headers.get('content-security-policy')).toContain("connect-src 'self';");
  });

  it('no site key (HCAPTCHA_SITEKEY=off) leaves the page without one', async () => {
    expect(await (await fetch(`${proxy.url}/app.login/signup`)).text()).toContain(
      '<meta name="hcaptcha-sitekey" content="" />',
    );
  });
});

describe('the built app', () => {
  it('sends the pre-rendered /login when the build made one, the plain shell elsewhere', async () => {
    expect(await (await fetch(`${proxy.url}/app.login/login?redirect=%2Fdash`)).text()).toContain('<h1>Sign in</h1>');
    expect(await (await fetch(`${proxy.url}/app.login/forgot`)).text()).not.toContain('<h1>');
    const root = await fetch(`${proxy.url}/`, { redirect: 'manual' });
    expect(root.headers.get('location')).toBe('/app.login/login');
  });

  it('sends every page, /login pre-rendered, in the visitor’s language, and says what it depends on (issue 34)', async () => {
    const login = (headers: Record<string, string>, query = '') =>
      fetch(`${proxy.url}/app.login/login${query}`, { headers });
    const german = await login({ 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(await german.text()).toContain('<h1>Anmelden</h1>');
    expect(german.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(await (await login({ 'Accept-Language': 'de', Cookie: 'runofshow.locale=en' })).text()).toContain(
      '<h1>Sign in</h1>',
    );
    expect(await (await login({ 'Accept-Language': 'en' }, '?lang=de')).text()).toContain('<h1>Anmelden</h1>');
    // A locale the build did not pre-render (here Arabic): the English page, which the app switches after loading.
    expect(await (await login({ 'Accept-Language': 'ar' })).text()).toContain('<h1>Sign in</h1>');
    // Every other page: the shell in the visitor's language.
    const forgot = await fetch(`${proxy.url}/app.login/forgot`, { headers: { 'Accept-Language': 'de' } });
    expect(await forgot.text()).toContain('<html lang="de">');
    expect(forgot.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
  });

  it('serves hashed assets as immutable, documents as no-cache, and 404s a missing asset', async () => {
    const asset = await fetch(`${proxy.url}/app.login/assets/main-abc.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${proxy.url}/app.login/login`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${proxy.url}/app.login/reset/tok`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${proxy.url}/app.login/assets/missing.js`)).status).toBe(404);
  });

  it("sends an asset's brotli twin, or its gzip twin, as the client accepts, and the plain file otherwise", async () => {
    const url = `${proxy.url}/app.login/assets/big-abc.js`;
    const brotli = await rawGet(url, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.length).toBeLessThan(200);
    const gzip = await rawGet(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.length).toBeGreaterThan(brotli.length);
    const plain = await rawGet(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.length).toBe(Buffer.byteLength(BIG));
    // What the browser gets, decoded, is the file.
    expect(await (await fetch(url)).text()).toBe(BIG);
  });

  it('never sends a file in a coding the client refused with q=0, as nginx in front does not', async () => {
    const url = `${proxy.url}/app.login/assets/big-abc.js`;
    expect((await rawGet(url, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    const refused = await rawGet(url, 'gzip;q=0, br;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.length).toBe(Buffer.byteLength(BIG));
    expect((await rawGet(url, 'gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses the documents it writes as the client accepts, brotli first, gzip unless refused', async () => {
    await writeFile(join(app, 'index.html'), `<head><style>${STYLE}</style></head>${'<p>padding</p>'.repeat(200)}`);
    const url = `${proxy.url}/app.login/forgot`;
    expect((await rawGet(url, 'br;q=1, gzip;q=0.5')).headers['content-encoding']).toBe('br');
    expect((await rawGet(url, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await rawGet(url, 'identity')).headers['content-encoding']).toBeUndefined();
    // A document also depends on the visitor's language (issue 34).
    expect((await rawGet(url, 'gzip')).headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
  });

  it('never serves a file outside its folder', async () => {
    for (const path of ['/app.login/../secret.txt', '/app.login/%2e%2e/secret.txt', '/app.login/..%2fsecret.txt']) {
      expect(await (await fetch(`${proxy.url}${path}`)).text()).not.toContain('secret');
    }
  });

  it('serves no development page: /dash, /docs, /sso and /outbox are 404s with the security headers', async () => {
    for (const path of ['/dash/redirect', '/docs/', '/sso/login/example.com', '/outbox/', '/gallery/']) {
      const response = await fetch(`${proxy.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});

describe('security headers', () => {
  const csp = async (path: string) => (await fetch(`${proxy.url}${path}`)).headers.get('content-security-policy') ?? '';

  it('are on every answer: pages, files, refusals, health, /api', async () => {
    const answers = [
      await fetch(`${proxy.url}/app.login/login`),
      await fetch(`${proxy.url}/app.login/assets/main-abc.js`),
      await fetch(`${proxy.url}/nothing`),
      await fetch(`${proxy.url}/healthz`),
      await fetch(`${proxy.url}/readyz`),
      await fetch(`${proxy.url}/app.login/login`, { method: 'DELETE' }),
      await callApi(proxy.url, 'users.hasTwoFactorAuth', { params: { email: 'a@example.com' } }),
      await callApi(proxy.url, 'users.setAdmin'),
    ];
    for (const response of answers) {
      expect(response.headers.get('content-security-policy'), response.url).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
    }
  });

  it('allow the hCaptcha hosts only on the captcha documents', async () => {
    for (const path of ['/app.login/signup', '/app.login/signup/invited/abc', '/app.login/FORGOT']) {
      expect(await csp(path)).toMatch(/script-src 'self' https:\/\/hcaptcha\.com https:\/\/\*\.hcaptcha\.com/);
    }
    for (const path of ['/app.login/login', '/app.login/reset/abc']) expect(await csp(path)).not.toContain('hcaptcha');
  });

  it("allow a page's own inline script by its hash, on that page alone", async () => {
    const login = join(app, 'login.html');
    const before = await readFile(login, 'utf8');
    const SCRIPT = "document.cookie='runofshow.locale=de'";
    await writeFile(login, `<head><script>${SCRIPT}</script></head><div id="root"><h1>Sign in</h1></div>`);
    try {
      const hash = createHash('sha256').update(SCRIPT).digest('base64');
      expect(await csp('/app.login/login')).toMatch(
        new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`),
      );
      expect(await csp('/app.login/reset')).toContain("script-src 'self';");
    } finally {
      await writeFile(login, before);
    }
  });

  it("allow the app page's inline stylesheet by its hash alone, and never an inline script", async () => {
    await writeFile(join(app, 'index.html'), `<head><style>${STYLE}</style></head>`);
    const hash = createHash('sha256').update(STYLE).digest('base64');
    for (const path of ['/app.login/login', '/app.login/signup', '/app.login/no-such-page']) {
      expect(await csp(path)).toContain(`style-src 'self' 'sha256-${hash}'`);
      expect(await csp(path)).not.toContain("'unsafe-inline'");
    }
  });

  it('send no Referer from the documents whose URL carries a token', async () => {
    for (const path of ['/app.login/reset/abc', '/app.login/Verify/abc', '/app.login/signup/invited/abc']) {
      expect((await fetch(`${proxy.url}${path}`)).headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('log the address the trusted balancer appended, not one the visitor wrote before it', async () => {
    const { host: behind, logs: behindLogs } = await testHost({ appDir: app, trustProxy: true });
    try {
      await (await fetch(`${behind.url}/healthz`, { headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.7' } })).text();
      await expect.poll(() => behindLogs.requests().at(-1)?.remote).toBe('198.51.100.7');
    } finally {
      await behind.stop();
    }
  });

  it('pin HTTPS only for a visitor a trusted load balancer says came over HTTPS', async () => {
    const behind = (await testHost({ appDir: app, trustProxy: true })).host;
    try {
      const https = { 'x-forwarded-proto': 'https' };
      expect(
        (await fetch(`${behind.url}/app.login/login`, { headers: https })).headers.get('strict-transport-security'),
      ).toBe('max-age=63072000; includeSubDomains');
      expect((await fetch(`${behind.url}/app.login/login`)).headers.get('strict-transport-security')).toBeNull();
      // Without TRUST_PROXY the header is anyone's to send, and believed by no one.
      expect(
        (await fetch(`${proxy.url}/app.login/login`, { headers: https })).headers.get('strict-transport-security'),
      ).toBeNull();
    } finally {
      await behind.stop();
    }
  });
});

describe('/api', () => {
  it('passes an operation the app calls, with the key added here', async () => {
    const response = await callApi(proxy.url, 'users.hasTwoFactorAuth', { params: { email: 'a@example.com' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hasTwoFactorAuth: false });
    expect(backend.calls.map((call) => [call.method, call.url, call.headers.get('x-api-key')])).toEqual([
      ['GET', 'https://api.test/users/a%40example.com/has2fa', API_KEY],
    ]);
  });

  it('refuses, with 404 and before anything goes upstream, every operation the app does not call', async () => {
    for (const name of [
      'users.delete',
      'users.setAdmin',
      'billing.createCard',
      'tokens.delete',
      'users.create',
      'no.such',
    ]) {
      const response = await callApi(proxy.url, name, { params: { userId: 'u1' } });
      expect(response.status, name).toBe(404);
      expect(await response.json()).toMatchObject({ status: 404, title: 'Unknown operation' });
    }
    expect(backend.calls).toEqual([]);
  });

  it('does not exist in direct mode: 404, and nothing goes upstream', async () => {
    const { host, backend: directBackend } = await testHost({ appDir: app, apiMode: 'direct' });
    try {
      const response = await callApi(host.url, 'users.hasTwoFactorAuth', { params: { email: 'a@example.com' } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(directBackend.calls).toEqual([]);
    } finally {
      await host.stop();
    }
  });

  it('takes its allow-list from the build: another manifest, other operations', async () => {
    const other = await builtApp(['tokens.delete']);
    const { host, backend: otherBackend } = await testHost({ appDir: other });
    try {
      expect((await callApi(host.url, 'tokens.delete', { params: { token: 't1' } })).status).toBe(200);
      expect((await callApi(host.url, 'users.hasTwoFactorAuth', { params: { email: 'a@b.co' } })).status).toBe(404);
      expect(otherBackend.calls).toHaveLength(1);
    } finally {
      await host.stop();
    }
  });

  it('adds the operations a deployment names (API_EXTRA_OPERATIONS) to the build’s, and only those', async () => {
    const app = await builtApp(['auth.login']);
    const operations = allowListOf(app, ['users.exportCsv', 'admin.everything']);
    expect(Object.keys(operations).sort()).toEqual(['auth.login', 'users.exportCsv']);
    const { host, backend } = await testHost({ appDir: app, operations });
    backend.answer = () => new Response('_id\n1\n', { headers: { 'content-type': 'text/csv' } });
    try {
      expect((await callApi(host.url, 'users.exportCsv', { query: { accessToken: 't1' } })).status).toBe(200);
      expect((await callApi(host.url, 'teams.exportCsv', { query: { accessToken: 't1' } })).status).toBe(404);
      expect(backend.calls.map((call) => new URL(call.url).pathname)).toEqual(['/users/csv']);
    } finally {
      await host.stop();
    }
  });

  it('refuses to start without a manifest, or with one naming an operation the SDK does not know', async () => {
    const missing = await builtApp();
    await rm(join(missing, 'api-operations.json'));
    await expect(testHost({ appDir: missing })).rejects.toThrow(/api-operations\.json could not be read/);
    const invented = await builtApp(['auth.login', 'admin.everything']);
    await expect(testHost({ appDir: invented })).rejects.toThrow(/does not know \(admin\.everything\)/);
  });

  it('answers a backend that is down with a 502 problem and a slow one with a 504, never a hang', async () => {
    const { host, backend: slow } = await testHost({ appDir: app, upstreamTimeoutMs: 200 });
    try {
      slow.up = false;
      const down = await callApi(host.url, 'users.hasTwoFactorAuth', { params: { email: 'a@b.co' } });
      expect(down.status).toBe(502);
      expect(await down.json()).toMatchObject({ status: 502, title: 'Bad gateway' });
      slow.up = true;
      slow.answer = (request) =>
        new Promise((resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
          setTimeout(() => resolve(Response.json({})), 5000);
        });
      const late = await callApi(host.url, 'users.hasTwoFactorAuth', { params: { email: 'a@b.co' } });
      expect(late.status).toBe(504);
      const text = await host.metrics.registry.metrics();
      expect(text).toMatch(/upstream_errors_total\{kind="unreachable"\} 1/);
      expect(text).toMatch(/upstream_errors_total\{kind="timeout"\} 1/);
    } finally {
      await host.stop();
    }
  });

  it('behind a trusted load balancer, takes calls from the HTTPS page it names; untrusted, refuses them', async () => {
    const { host: behind, backend } = await testHost({ appDir: app, trustProxy: true });
    const page = 'https://signin.example.com';
    const forwarded = { origin: page, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'signin.example.com' };
    try {
      const envelope = { params: { email: 'a@example.com' } };
      expect((await callApi(behind.url, 'users.hasTwoFactorAuth', envelope, forwarded)).status).toBe(200);
      expect((await callApi(proxy.url, 'users.hasTwoFactorAuth', envelope, forwarded)).status).toBe(403);
      // The API's per-client limits see the visitor the load balancer names, then the balancer itself.
      const visitor = { ...forwarded, 'x-forwarded-for': '203.0.113.7' };
      expect((await callApi(behind.url, 'users.hasTwoFactorAuth', envelope, visitor)).status).toBe(200);
      expect(backend.calls.at(-1)?.headers.get('x-forwarded-for')).toMatch(/^203\.0\.113\.7, (::ffff:)?127\.0\.0\.1$/);
    } finally {
      await behind.stop();
    }
  });

  it('untrusted, starts the chain of addresses afresh with the caller, whatever it claims', async () => {
    const { host: direct, backend } = await testHost({ appDir: app });
    try {
      const claim = { 'x-forwarded-for': '203.0.113.7' };
      expect((await callApi(direct.url, 'users.hasTwoFactorAuth', { params: { email: 'a@b.co' } }, claim)).status).toBe(
        200,
      );
      expect(backend.calls.at(-1)?.headers.get('x-forwarded-for')).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    } finally {
      await direct.stop();
    }
  });
});

// Last: it rebuilds the app's folder under the running host.
describe('after a rebuild', () => {
  it('serves the new files, and a 404 (not a crash) for the ones the build removed', async () => {
    expect((await fetch(`${proxy.url}/app.login/assets/main-abc.js`)).status).toBe(200);
    await rm(join(app, 'assets'), { recursive: true });
    await mkdir(join(app, 'assets'));
    await writeFile(join(app, 'assets', 'main-def.js'), 'console.log(2)');
    expect(await (await fetch(`${proxy.url}/app.login/assets/main-def.js`)).text()).toBe('console.log(2)');
    expect((await fetch(`${proxy.url}/app.login/assets/main-abc.js`)).status).toBe(404);
  });
});
