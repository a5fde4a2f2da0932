/// <reference types="node" />
import { readdir, readFile } from 'node:fs/promises';
import { expect, type Page, type Response, test } from '@playwright/test';
import { en as messages } from '../src/lib/i18n/whole.js';
import { freePort, root, type Started, serveCommand, start } from './support/processes.js';

// Issue 19: the app as a team deploys it. The build (npm test builds once) served by `npm run serve` — plain node, no
// tsx, Vite or Prism — configured by its environment alone, against the mock with its sandbox started on its own, on
// another origin (the host on `localhost`, the backend on `127.0.0.1`). Each mode walks sign-up → the verification
// mail in the mock's outbox → verify → sign-in → the dashboard, then forgot → reset → sign-in with the new password.
// The host serves no /dash/: the main application does. "The dashboard" here is what sign-in hands over to it: the
// browser on /dash/redirect of the host's origin, with the session in localStorage.
test.describe.configure({ mode: 'serial' });

const API_KEY = 'production-walk-key-93b1e7';
const HOST_KEY_PATTERN = new RegExp(API_KEY);
// What no script of the build may hold: a key, or any address of a developer's machine.
const DEVELOPMENT = /development-api-key|127\.0\.0\.1|localhost|:4010\b|:5173\b/;
const PASSWORDS = { first: 'Deploy-The-App-1', second: 'Ship-It-Twice-2' };

let mock: Started;
let mockUrl = '';
let hostPort = 0;
let metricsPort = 0;
let origin = '';

test.beforeAll(async () => {
  // Prism on the whole description takes seconds, as for the config's own web server.
  test.setTimeout(60_000);
  [hostPort, metricsPort] = [await freePort(), await freePort()];
  const mockPort = await freePort();
  origin = `http://localhost:${hostPort}`;
  mockUrl = `http://127.0.0.1:${mockPort}`;
  mock = start(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'mock-server/scripts/mock.ts', '--sandbox', '--no-build'],
    { MOCK_PORT: String(mockPort), APP_ORIGIN: origin },
  );
  await expect.poll(() => mock.output(), { timeout: 60_000 }).toContain('Press Ctrl-C to stop.');
});

test.afterAll(async () => {
  mock?.signal('SIGCONT');
  mock?.signal('SIGTERM');
  await mock?.exited;
});

/** `npm run serve` with a deployment's environment, up once it logs that it listens. */
async function serve(mode: 'proxy' | 'direct'): Promise<Started> {
  const { command, args } = serveCommand();
  const host = start(command, args, {
    API_ORIGIN: mockUrl,
    API_MODE: mode,
    API_KEY,
    HCAPTCHA_SITEKEY: 'off',
    HOST: '127.0.0.1',
    PORT: String(hostPort),
    METRICS_PORT: String(metricsPort),
    SHUTDOWN_DELAY: '1.5',
    SHUTDOWN_TIMEOUT: '10',
  });
  await expect.poll(() => host.output(), { timeout: 10_000 }).toContain('"msg":"listening"');
  return host;
}

/** The host's JSON lines, each parsed (a line that is not JSON fails the test). */
const logLines = (host: Started) =>
  host
    .output()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Opens the outbox on the mock's origin and follows the newest mail to `to` with `subject`, as a tester would. */
async function followMail(page: Page, to: string, subject: string): Promise<string> {
  await page.goto(`${mockUrl}/outbox/`);
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByTestId('recipient').getByText(to, { exact: true }) })
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  const link = mail.getByRole('link');
  const href = (await link.getAttribute('href')) ?? '';
  expect(href.startsWith(`${origin}/app.login/`)).toBe(true);
  await link.click();
  return href;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/app.login/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The dashboard hand-over: the main application's /dash/redirect on this origin, with a session to read. */
async function expectDashboard(page: Page): Promise<string> {
  await expect(page).toHaveURL(`${origin}/dash/redirect`);
  const token = await page.evaluate(() => localStorage.getItem('runofshow.accessToken'));
  expect(token).toMatch(/\S{16,}/);
  return token ?? '';
}

test('refuses to start on a missing or malformed variable, naming it and what it expects', async () => {
  const { command, args } = serveCommand();
  const host = start(command, args, {
    API_ORIGIN: `${mockUrl}/v1`,
    API_KEY: '',
    HCAPTCHA_SITEKEY: 'off',
    PORT: String(hostPort),
  });
  expect(await host.exited).toBe(2);
  expect(host.output()).toContain("API_ORIGIN is malformed: expected the backend's origin");
  expect(host.output()).toContain('API_KEY is not set: expected the API key');
});

for (const mode of ['proxy', 'direct'] as const) {
  test.describe(`${mode} mode`, () => {
    let host: Started;
    const email = `deploy.${mode}.${Date.now().toString(36)}@example.com`;
    const secrets: string[] = [API_KEY, PASSWORDS.first, PASSWORDS.second];
    const scripts: { url: string; body: string }[] = [];
    const documents: Response[] = [];

    test.beforeAll(async () => {
      host = await serve(mode);
    });

    test.afterAll(async () => {
      host?.signal('SIGTERM');
      await host?.exited;
    });

    test('walks sign-up, the verification mail, sign-in, then forgot and reset', async ({ page }) => {
      test.setTimeout(45_000);
      page.on('response', async (response) => {
        const type = response.request().resourceType();
        if (type === 'document' && response.url().startsWith(origin)) documents.push(response);
        if (type === 'script') scripts.push({ url: response.url(), body: (await response.text()).toString() });
      });
      await page.goto(`${origin}/app.login/signup`);
      await page.getByLabel('First name').fill('Dee');
      await page.getByLabel('Last name').fill('Ployer');
      await page.getByLabel('Work email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORDS.first);
      await page.getByLabel('Company name').fill('Shipping Co');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page).toHaveURL(`${origin}/dash/redirect/new`);

      secrets.push(await followMail(page, email, 'Verify your e-mail address'));
      await expect(page).toHaveURL(/\/app\.login\/verify\/[\w-]+$/);
      await expect(page.getByText(messages.verifiedTitle)).toBeVisible();

      await signIn(page, email, PASSWORDS.first);
      secrets.push(await expectDashboard(page));

      await page.goto(`${origin}/app.login/forgot`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('status')).toHaveText(messages.forgotSent);
      secrets.push(await followMail(page, email, 'Reset your password'));
      await expect(page).toHaveURL(/\/app\.login\/reset\/[\w-]+\?email=/);
      await page.getByLabel('New password', { exact: true }).fill(PASSWORDS.second);
      await page.getByLabel('Confirm new password').fill(PASSWORDS.second);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByRole('status')).toHaveText(messages.resetDone);

      await signIn(page, email, PASSWORDS.first);
      await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
      await signIn(page, email, PASSWORDS.second);
      secrets.push(await expectDashboard(page));
      await page.screenshot({ path: test.info().outputPath(`dashboard-${mode}.png`) });
    });

    test('sends the security headers, and calls the backend only as its mode says', async ({ request }) => {
      const login = documents.find((response) => new URL(response.url()).pathname === '/app.login/login');
      const headers = login?.headers() ?? {};
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['referrer-policy']).toBe('same-origin');
      expect(headers['cache-control']).toBe('no-cache');
      const csp = headers['content-security-policy'] ?? '';
      // The site's own scripts, and inline ones only by hash (/login's language line in <head>): never any inline.
      expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')*;/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      if (mode === 'direct') expect(csp).toContain(`connect-src 'self' ${mockUrl}`);
      else expect(csp).toContain("connect-src 'self';");
      const reset = documents.find((response) => /\/app\.login\/reset\//.test(response.url()));
      expect(reset?.headers()['referrer-policy']).toBe('no-referrer');
      expect(reset?.headers()['cache-control']).toBe('no-store');
      const asset = scripts.find((script) => new URL(script.url).pathname.startsWith('/app.login/assets/'));
      const assetAnswer = await request.get(asset?.url ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
      expect(assetAnswer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(assetAnswer.headers()['content-encoding']).toBe('br');
      expect(assetAnswer.headers().vary).toBe('Accept-Encoding');
      const proxy = await request.post(`${origin}/api/users.hasTwoFactorAuth`, {
        data: { params: { email } },
        headers: { origin },
      });
      expect(proxy.status()).toBe(mode === 'proxy' ? 200 : 404);
      // Only what the app calls passes, in either mode.
      const admin = await request.post(`${origin}/api/users.setAdmin`, { data: {}, headers: { origin } });
      expect(admin.status()).toBe(404);
    });

    test('no script holds the key or a development address', async () => {
      expect(scripts.length).toBeGreaterThan(1);
      const built = (await readdir(`${root}web/dist/assets`)).filter((file) => file.endsWith('.js'));
      const bodies = [
        ...scripts.map((script) => [script.url, script.body] as const),
        ...(await Promise.all(
          built.map(async (file) => [file, await readFile(`${root}web/dist/assets/${file}`, 'utf8')] as const),
        )),
      ];
      const holding = bodies.filter(([, body]) => HOST_KEY_PATTERN.test(body) || DEVELOPMENT.test(body));
      expect(holding.map(([name]) => name)).toEqual([]);
    });

    test('logs one JSON line per request, with no secret', async () => {
      const lines = logLines(host);
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests.length).toBeGreaterThan(10);
      for (const line of requests) {
        expect(line).toMatchObject({ level: 'info', method: expect.any(String), status: expect.any(Number) });
        expect(typeof line.reqId).toBe('string');
        expect(typeof line.route).toBe('string');
        expect(typeof line.durationMs).toBe('number');
      }
      expect(requests.some((line) => String(line.path).startsWith('/app.login/reset/[redacted]'))).toBe(true);
      const text = host.output();
      const tokens = secrets.map((secret) => secret.replace(/^.*\/(verify|reset)\/([^?]+).*$/, '$2'));
      for (const secret of tokens) expect(text).not.toContain(secret);
    });

    test('counts requests and the backend’s time in its metrics', async ({ request }) => {
      const text = await (await request.get(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(text).toMatch(/http_requests_total\{route="\/app\.login",method="GET",status="200"\} [1-9]/);
      expect(text).toContain('http_request_duration_seconds_bucket');
      expect(text).toContain('process_resident_memory_bytes');
      if (mode === 'proxy') {
        expect(text).toMatch(/http_requests_total\{route="\/api\/auth\.login",method="POST",status="200"\} [1-9]/);
        expect(text).toMatch(/upstream_duration_seconds_count\{outcome="answer"\} [1-9]/);
      }
    });

    if (mode === 'proxy') {
      test('/readyz follows the backend; SIGTERM drains: 503 first, the slow call still answered, exit 0', async ({
        request,
      }) => {
        test.setTimeout(30_000);
        const readyz = async () => (await request.get(`${origin}/readyz`)).status();
        expect(await readyz()).toBe(200);
        // The backend stops answering (every process of the mock held), then comes back.
        mock.signal('SIGSTOP');
        await expect.poll(readyz, { timeout: 10_000 }).toBe(503);
        mock.signal('SIGCONT');
        await expect.poll(readyz, { timeout: 10_000 }).toBe(200);

        // A call the backend is slow to answer, then SIGTERM while it is in flight.
        mock.signal('SIGSTOP');
        const slow = request.post(`${origin}/api/users.hasTwoFactorAuth`, {
          data: { params: { email } },
          headers: { origin },
          timeout: 20_000,
        });
        // Even a call that arrives after the signal is taken: the host serves on through SHUTDOWN_DELAY.
        await new Promise((resolve) => setTimeout(resolve, 300));
        host.signal('SIGTERM');
        await expect.poll(() => host.output()).toContain('draining');
        const draining = await request.get(`${origin}/readyz`);
        expect([draining.status(), await draining.json()]).toEqual([503, { status: 'draining' }]);
        mock.signal('SIGCONT');
        const answer = await slow;
        expect([answer.status(), await answer.json()]).toEqual([200, { hasTwoFactorAuth: false }]);
        expect(await host.exited).toBe(0);
        expect(host.output()).toContain('"msg":"stopped"');
      });
    }
  });
}
