/// <reference types="node" />
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort, type Started, serveCommand, start } from './support/processes.js';

// Issue 14 point 3: in proxy mode no script the browser loads may hold an API key. This starts the host in proxy mode
// with a key of its own (`API_MODE=proxy API_KEY=…`, as `npm start` and `npm run serve` pass them: the same host,
// web/server, on the same build), signs in through /api in Chromium (which works only if the server adds the key),
// and looks for that key and the development key everywhere the browser could read them: every file of the build
// and every response the page loaded. The host runs from the build in front of the mock the config already started
// (its scenario accounts and sandbox), instead of a second Prism and sandbox of its own: about 6 CPU-s less.
const SERVER_KEY = 'proxy-e2e-server-key-7c1f93';
const DEVELOPMENT_KEY = 'development-api-key';
const dist = fileURLToPath(new URL('../dist', import.meta.url));
const mockUrl = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 4110}`;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => `${entry.parentPath}/${entry.name}`);
}

let host: Started | undefined;
let base = '';

test.beforeAll(async () => {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const { command, args } = serveCommand();
  host = start(command, args, {
    API_ORIGIN: mockUrl,
    API_MODE: 'proxy',
    API_KEY: SERVER_KEY,
    HCAPTCHA_SITEKEY: 'off',
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    // Nothing balances load here: stop at once rather than after the default 5 s of draining.
    SHUTDOWN_DELAY: '0',
  });
  await expect.poll(() => host?.output(), { timeout: 10_000 }).toContain('"msg":"listening"');
  base = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  host?.signal('SIGTERM');
  await host?.exited;
});

test('no file of the build holds an API key', async () => {
  const files = await filesUnder(dist);
  expect(files.length).toBeGreaterThan(3);
  const holding: string[] = [];
  for (const file of files) {
    const text = (await readFile(file)).toString('latin1');
    // The development key is the one a build could have baked in; the server's own key never reaches a build step.
    if (text.includes(DEVELOPMENT_KEY)) holding.push(file.slice(dist.length));
  }
  expect(holding).toEqual([]);
});

test('signing in through /api works, and nothing the browser loads holds the key', async ({ page }) => {
  const loaded: { url: string; body: string | undefined }[] = [];
  const sentHeaders: string[] = [];
  page.on(
    'request',
    (request) => void sentHeaders.push(JSON.stringify(request.headers()) + (request.postData() ?? '')),
  );
  page.on('response', async (response) => {
    const body = await response.body().catch(() => undefined);
    loaded.push({ url: response.url(), body: body?.toString('latin1') });
  });
  await page.goto(`${base}/app.login/login`);
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dash\/redirect$/);

  const api = loaded.filter((entry) => new URL(entry.url).pathname.startsWith('/api/'));
  expect(api.map((entry) => new URL(entry.url).pathname)).toContain('/api/auth.login');
  // Every script was read whole (the lazily loaded API chunk too), or the scan below would prove nothing.
  const scripts = loaded.filter((entry) => /\.js$/.test(new URL(entry.url).pathname));
  expect(scripts.length).toBeGreaterThan(1);
  expect(scripts.filter((entry) => !entry.body).map((entry) => entry.url)).toEqual([]);
  for (const secret of [SERVER_KEY, DEVELOPMENT_KEY]) {
    expect(loaded.filter((entry) => entry.body?.includes(secret)).map((entry) => entry.url)).toEqual([]);
    expect(sentHeaders.filter((line) => line.includes(secret))).toEqual([]);
  }
});
