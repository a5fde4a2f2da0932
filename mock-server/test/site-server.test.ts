import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSite, startSite } from '../src/site-server.js';

let site: RunningSite;
let app: string;
let docsDir: string;
const STYLE = 'body{margin:0}';

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'site-'));
  app = join(dir, 'app');
  const docs = join(dir, 'docs');
  docsDir = docs;
  await mkdir(join(app, 'assets'), { recursive: true });
  await mkdir(docs, { recursive: true });
  await writeFile(
    join(app, 'index.html'),
    `<head><meta name="api-endpoint" content="" /><style>${STYLE}</style></head>`,
  );
  await writeFile(join(app, 'assets', 'main-abc.js'), 'console.log(1)');
  const big = `export const words = ${JSON.stringify('sign in '.repeat(2000))};`;
  await writeFile(join(app, 'assets', 'big-abc.js'), big);
  // The build writes a gzip twin of each text asset (web/scripts/precompress.ts).
  await writeFile(join(app, 'assets', 'big-abc.js.gz'), gzipSync(big));
  await writeFile(
    join(app, 'login.html'),
    `<head><meta name="api-endpoint" content="" /><style>${STYLE}</style></head><div id="root"><h1>Sign in</h1></div>`,
  );
  await writeFile(join(docs, 'index.html'), '<h1>docs</h1>');
  await writeFile(join(dir, 'secret.txt'), 'secret');
  site = await startSite({
    port: 0,
    appDir: app,
    docsDir: docs,
    apiEndpoint: 'http://127.0.0.1:4999',
    // A key with replacement patterns in it: written as it is, never expanded into the page.
    apiKey: "k$'$&$`",
  });
});

afterAll(() => site.stop());

describe('site server', () => {
  // The docs page is read and its inline scripts hashed once per version of the file, not per request.
  it('serves a rebuilt docs page, and allows its new inline script and no longer the old one', async () => {
    const sha = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const page = join(docsDir, 'index.html');
    const before = 'window.version = 1;';
    const after = 'window.version = 2;';
    try {
      await writeFile(page, `<h1>docs</h1><script>${before}</script>`);
      await utimes(page, new Date(1_000_000), new Date(1_000_000));
      const first = await fetch(`${site.url}/docs/`);
      expect(await first.text()).toContain(before);
      expect(first.headers.get('content-security-policy')).toContain(sha(before));
      await writeFile(page, `<h1>docs</h1><script>${after}</script>`);
      await utimes(page, new Date(2_000_000), new Date(2_000_000));
      const second = await fetch(`${site.url}/docs/`);
      expect(await second.text()).toContain(after);
      expect(second.headers.get('content-security-policy')).toContain(sha(after));
      expect(second.headers.get('content-security-policy')).not.toContain(sha(before));
    } finally {
      await writeFile(page, '<h1>docs</h1>');
    }
  });

  it('writes a setting into the page literally, whatever characters it holds', async () => {
    const html = await (await fetch(`${site.url}/app.login/signup`)).text();
    expect(html).toContain('<meta name="api-key" content="k$\'$&amp;$`" />');
    expect(html.match(/<head>/g)).toHaveLength(1);
  });

  it('serves the app shell for client routes with the API endpoint written in', async () => {
    const res = await fetch(`${site.url}/app.login/signup/invited/abc`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<meta name="api-endpoint" content="http://127.0.0.1:4999" />');
  });

  it('serves hashed assets as immutable and 404s a missing one', async () => {
    const res = await fetch(`${site.url}/app.login/assets/main-abc.js`);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${site.url}/app.login/assets/missing.js`)).status).toBe(404);
  });

  it("sends an asset's gzip twin when the client accepts it, and the plain file otherwise", async () => {
    const packed = await fetch(`${site.url}/app.login/assets/big-abc.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(Number(packed.headers.get('content-length'))).toBeLessThan(1000);
    expect(await packed.text()).toContain('sign in sign in');
    const plain = await new Promise<{ encoding: string | undefined; length: number }>((resolve, reject) => {
      get(`${site.url}/app.login/assets/big-abc.js`, { headers: { 'Accept-Encoding': 'identity' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], length: Buffer.concat(chunks).length }),
        );
      }).on('error', reject);
    });
    expect(plain).toEqual({ encoding: undefined, length: 16_024 });
  });

  it('sends the pre-rendered /login when the build made one, the plain shell elsewhere', async () => {
    const login = await (await fetch(`${site.url}/app.login/login?redirect=%2Fdash`)).text();
    expect(login).toContain('<h1>Sign in</h1>');
    expect(login).toContain('<meta name="api-endpoint" content="http://127.0.0.1:4999" />');
    expect(await (await fetch(`${site.url}/app.login/forgot`)).text()).not.toContain('<h1>');
  });

  it('never serves a file outside its folders', async () => {
    for (const path of ['/app.login/../secret.txt', '/app.login/%2e%2e/secret.txt', '/docs/..%2fsecret.txt']) {
      const res = await fetch(`${site.url}${path}`);
      expect(await res.text()).not.toContain('secret');
    }
  });

  it('shows the dashboard placeholder naming the path, escaped', async () => {
    const res = await fetch(`${site.url}/dash/redirect?x=<b>`);
    const html = await res.text();
    expect(html).toContain('<code data-testid="dash-path">/dash/redirect?x=%3Cb%3E</code>');
  });

  it('sends the security headers on every page', async () => {
    for (const path of ['/app.login/login', '/docs/', '/dash/redirect']) {
      const res = await fetch(`${site.url}${path}`);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy')).toContain('connect-src');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('per-route security headers', () => {
  const csp = async (path: string) => (await fetch(`${site.url}${path}`)).headers.get('content-security-policy') ?? '';
  const referrer = async (path: string) => (await fetch(`${site.url}${path}`)).headers.get('referrer-policy');

  it('allows the hCaptcha hosts only on the captcha screens', async () => {
    for (const path of ['/app.login/signup', '/app.login/signup/invited/abc', '/app.login/forgot']) {
      expect(await csp(path)).toMatch(/script-src 'self' https:\/\/hcaptcha\.com https:\/\/\*\.hcaptcha\.com/);
    }
    for (const path of ['/app.login/login', '/app.login/reset/abc', '/docs/', '/dash/redirect']) {
      expect(await csp(path)).not.toContain('hcaptcha');
    }
  });

  it("allows the app page's inline stylesheet by its hash alone", async () => {
    const hash = createHash('sha256').update(STYLE).digest('base64');
    for (const path of ['/app.login/login', '/app.login/signup', '/app.login/no-such-page']) {
      expect(await csp(path)).toContain(`style-src 'self' 'sha256-${hash}'`);
    }
  });

  it('never allows inline scripts in the app', async () => {
    for (const path of ['/app.login/login', '/app.login/signup']) {
      expect(await csp(path)).not.toContain("'unsafe-inline'");
    }
  });

  it('sends no Referer from the pages whose URL carries a token', async () => {
    for (const path of ['/app.login/reset/abc', '/app.login/verify/abc', '/app.login/signup/invited/abc']) {
      expect(await referrer(path)).toBe('no-referrer');
    }
    expect(await referrer('/app.login/login')).toBe('same-origin');
  });
});

// Last: it rebuilds the app's folder under the running server.
describe('site server after a rebuild', () => {
  it('serves a rebuilt app: the new files, and a 404 (not a crash) for the ones the build removed', async () => {
    expect((await fetch(`${site.url}/app.login/assets/main-abc.js`)).status).toBe(200);
    // What a build does: empty the folder, then write new hashed files.
    await rm(join(app, 'assets'), { recursive: true });
    await mkdir(join(app, 'assets'));
    await writeFile(join(app, 'assets', 'main-def.js'), 'console.log(2)');
    await writeFile(join(app, 'assets', 'big-abc.js'), 'x');
    expect(await (await fetch(`${site.url}/app.login/assets/main-def.js`)).text()).toBe('console.log(2)');
    expect((await fetch(`${site.url}/app.login/assets/main-abc.js`)).status).toBe(404);
  });
});
