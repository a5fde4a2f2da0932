import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';

// `npm run dev` (the development loop), started here on free ports: Vite serves the app and the gallery from source
// with hot reload; every other path answers as under `npm start`. The other specs test the built app instead.
const repo = fileURLToPath(new URL('../..', import.meta.url));
const edited = fileURLToPath(new URL('../src/features/login/login-page.tsx', import.meta.url));
// The page's texts come from the message catalogue (issue 34): the edit is to the page's own markup around one.
const BEFORE = '>{messages.ssoSignIn}</Link>';
const AFTER = '>{messages.ssoSignIn} (hot reload test)</Link>';

test.describe.configure({ mode: 'serial' });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// An editor saves one of two ways, and the dev server must take both. Vim, Emacs and JetBrains write a copy and rename
// it over the file: the file is never seen half-written. VS Code writes in place: the file is empty, then written,
// and the watcher fires at the first step (the `~` name is a backup's, which the watcher ignores).
const backup = `${edited}~`;
async function saveByRename(text: string): Promise<void> {
  await writeFile(backup, text);
  await rename(backup, edited);
}

/** Puts the source file back as it was, in place (also after an earlier run that was killed half-way). */
async function restoreSource(): Promise<void> {
  await rm(backup, { force: true });
  const text = await readFile(edited, 'utf8');
  if (text.includes(AFTER)) await writeFile(edited, text.replace(AFTER, BEFORE));
}

let dev: ChildProcess | undefined;
let base = '';
let output = '';

test.beforeAll(async () => {
  // Starting Prism on the full description and two Vite servers, like the config's webServer start.
  test.setTimeout(90_000);
  await restoreSource();
  const [port, mockPort] = [await freePort(), await freePort()];
  const child = spawn('npm', ['run', 'dev', '--', '--no-build'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), MOCK_PORT: String(mockPort) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev = child;
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Press Ctrl-C to stop.')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => reject(new Error(`npm run dev exited (${code}) before it was ready:\n${output}`)));
  });
  base = `http://127.0.0.1:${port}`;
});

// On a failure the report holds the page, what Vite said (hmr updates, transform errors) and the page's console.
let pageConsole = '';
test.beforeEach(({ page }) => {
  pageConsole = '';
  page.on('console', (message) => {
    pageConsole += `[${message.type()}] ${message.text()}\n`;
  });
  page.on('pageerror', (error) => {
    pageConsole += `[pageerror] ${error.message}\n`;
  });
});
test.afterEach(async ({ page }, info) => {
  if (info.status === info.expectedStatus) return;
  await info.attach('page', { body: await page.screenshot(), contentType: 'image/png' });
  await info.attach('npm run dev output', { body: output, contentType: 'text/plain' });
  await info.attach('page console', { body: pageConsole, contentType: 'text/plain' });
  console.log(`npm run dev said:\n${output}\nThe page's console said:\n${pageConsole}`);
});

test.afterAll(async () => {
  await restoreSource();
  const child = dev;
  if (child?.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
});

async function viteClientLoaded(page: Page, path: string): Promise<boolean> {
  return page.evaluate(
    (name) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === name),
    `${path}@vite/client`,
  );
}

test('serves the app from source and updates it in place when a source file changes', async ({ page }) => {
  await page.goto(`${base}/app.login/login`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back! Sign in to the product');
  expect(await viteClientLoaded(page, '/app.login/')).toBe(true);
  // The app talks to the mock as under `npm start`: the two-factor lookup answers and the button comes on.
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('secret-password');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  try {
    const source = await readFile(edited, 'utf8');
    expect(source, `the login page's source should hold ${BEFORE} for this test to edit`).toContain(BEFORE);
    await saveByRename(source.replace(BEFORE, AFTER));
    // The file watcher, the transform and the browser's fetch of the new module: an event, not a fixed delay.
    await expect(page.getByRole('link', { name: 'Sign in with SSO (hot reload test)' })).toBeVisible({
      timeout: 15_000,
    });
    // Hot reload, not a reload: the typed values and the page's own state are still there.
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
    expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  } finally {
    // Saved in place, once the page shows the first save: the dev server must end with the finished file, not with
    // the empty or half-written one the watcher fired on.
    await restoreSource();
  }
  await expect(page.getByRole('link', { name: 'Sign in with SSO', exact: true })).toBeVisible({ timeout: 15_000 });
});

test('serves the gallery from source, and the docs, the dashboard placeholder and the API as npm start does', async ({
  page,
  request,
}) => {
  await page.goto(`${base}/gallery/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Component gallery' })).toBeVisible();
  expect(await viteClientLoaded(page, '/gallery/')).toBe(true);

  // Any case of the base, as the site server answers it: still the app from source.
  await page.goto(`${base}/APP.Login/login`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back! Sign in to the product');
  expect(await viteClientLoaded(page, '/app.login/')).toBe(true);

  await page.goto(`${base}/dash/redirect`);
  await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');
  expect((await request.get(`${base}/docs/`)).headers()['content-type']).toMatch(/^text\/html/);
  // Direct mode (the default): the page calls the mock itself, and the host has no /api to lend its key.
  const proxied = await request.post(`${base}/api/users.hasTwoFactorAuth`, {
    data: { params: { email: 'ada@example.com' } },
    headers: { origin: base },
  });
  expect(proxied.status()).toBe(404);
  const root = await request.get(`${base}/`, { maxRedirects: 0 });
  expect(root.headers().location).toBe('/app.login/login');
});
