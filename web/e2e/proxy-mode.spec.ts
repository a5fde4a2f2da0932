/// <reference types="node" />
import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// Issue 14 point 3: in proxy mode no script the browser loads may hold an API key. This starts the site as
// `API_MODE=proxy API_KEY=… npm start` would, with a key of its own, signs in through /api in Chromium (which works
// only if the server adds the key), and looks for that key and the development key everywhere the browser could
// read them: every file of the build and every response the page loaded.
const SERVER_KEY = 'proxy-e2e-server-key-7c1f93';
const DEVELOPMENT_KEY = 'development-api-key';
const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = fileURLToPath(new URL('../dist', import.meta.url));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => `${entry.parentPath}/${entry.name}`);
}

let server: ChildProcess | undefined;
let base = '';

test.beforeAll(async () => {
  // Starting Prism on the whole description takes seconds: the same allowance as the config's own web server.
  test.setTimeout(60_000);
  // Port 0 everywhere: the system picks free ports as each server binds, so nothing can take them in between.
  server = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'scripts/start.ts', '--no-build'], {
    cwd: root,
    env: { ...process.env, PORT: '0', MOCK_PORT: '0', API_MODE: 'proxy', API_KEY: SERVER_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr?.on('data', (chunk: Buffer) => void process.stderr.write(chunk));
  let printed = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  // Up when it prints where the sign-in app is: start.ts prints it once everything answers.
  const site = () => /Sign-in app\s+(http:\/\/\S+)\/app\.login\//.exec(printed)?.[1] ?? '';
  await expect.poll(site, { timeout: 60_000 }).not.toBe('');
  base = site();
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
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
