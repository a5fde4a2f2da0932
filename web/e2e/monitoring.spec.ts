/// <reference types="node" />
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { freePort, type Started, serveCommand, start } from './support/processes.js';

// §9 monitoring ("session replay 10, session 100"), end to end: `npm run serve` with RUM_ENDPOINT set, as a team
// deploys it, against the sandbox the config started, and a tiny collector here that keeps what the page posts. The
// page reaches the collector only because the host's CSP names it. The session's draw is the page's own Math.random,
// fixed by the test: 0.05 falls in the replayed tenth, 0.5 does not. Without RUM_ENDPOINT (the config's own host),
// nothing is loaded or sent.
test.describe.configure({ mode: 'serial' });

const API_KEY = 'rum-walk-key-5f2c81';
const TYPED = { email: 'ada@example.com', password: 'Not-Her-Password-7' };
const RESET = '/app.login/reset/3f9a8c7e2b1d?email=ada%40example.com';
const mockUrl = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 4110}`;

interface Received {
  headers: IncomingHttpHeaders;
  method: string;
  body: string;
}

interface Report {
  type: string;
  route: string;
  at: number;
  name?: string;
  kind?: string;
  message?: string;
  source?: string;
  event?: { type: number; data?: { source?: number; text?: string } };
}

interface Batch {
  v: number;
  app: string;
  session: string;
  page: string;
  replay: boolean;
  locale: string;
  reports: Report[];
}

let collector: Server;
let received: Received[] = [];
let collectorUrl = '';
let host: Started;
let origin = '';

test.beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, method: req.method ?? '', body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  const collectorPort = await freePort();
  await new Promise<void>((resolve) => collector.listen(collectorPort, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${collectorPort}/collect`;
  const hostPort = await freePort();
  origin = `http://localhost:${hostPort}`;
  const { command, args } = serveCommand();
  host = start(command, args, {
    API_ORIGIN: mockUrl,
    API_MODE: 'direct',
    API_KEY,
    HCAPTCHA_SITEKEY: 'off',
    HOST: '127.0.0.1',
    PORT: String(hostPort),
    RUM_ENDPOINT: `${collectorUrl}?app=sign-in`,
    LOG_LEVEL: 'warn',
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 10_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  host?.signal('SIGTERM');
  await host?.exited;
  await new Promise((resolve) => collector?.close(resolve));
});

test.beforeEach(() => {
  received = [];
});

/** The page's Math.random fixed at `value`: the session's draw (src/lib/monitoring/sampling.ts) falls where the test says. */
const drawAt = (page: Page, value: number) =>
  page.addInitScript((fixed) => {
    Math.random = () => fixed;
  }, value);

/** The monitoring chunks the page fetched, by the build's names (rum-monitor-….js, rum-replay-….js). */
function monitoringChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const found = /\/assets\/(rum-\w+)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (found?.[1]) chunks.push(found[1]);
  });
  return chunks;
}

/** Signs in with a password that is wrong, so the page shows §8's failure and stays. */
async function failSignIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(TYPED.email);
  await page.getByLabel('Password', { exact: true }).fill(TYPED.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Login failed!');
}

const batches = () => received.map((one) => JSON.parse(one.body) as Batch);
const reports = (type: string) => batches().flatMap((batch) => batch.reports.filter((report) => report.type === type));

test('a replayed session: vitals, errors and an input-masked replay reach the collector, and nothing personal', async ({
  page,
}) => {
  await drawAt(page, 0.05);
  const chunks = monitoringChunks(page);
  await page.goto(`${origin}/app.login/login`);
  await expect.poll(() => chunks).toEqual(['rum-monitor', 'rum-replay']);
  await failSignIn(page);
  // Errors the page did not catch, one thrown and one rejected, each naming the visitor as careless code might.
  await page.evaluate((email) => {
    setTimeout(() => {
      throw new Error(`Lookup failed for ${email}`);
    });
    void Promise.reject(new Error(`No session for ${encodeURIComponent(email)}`));
  }, TYPED.email);
  // A page whose address holds a reset token and the e-mail; leaving each page sends what is left (LCP, CLS).
  await page.goto(`${origin}${RESET}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // What the page reported on arriving has gone (its batch's second is over): nothing of it waits to be sent.
  await expect.poll(() => reports('vital').some((r) => r.route.endsWith('/reset/:token'))).toBe(true);
  // Then a burst the recorder takes in, 75 KB of new text in three pieces, more than one keepalive request (the only
  // kind that outlives the page) may carry, and the visitor leaves before the batch's second is over. The page sends
  // what the recorder took in as it grows (a request may take up to 0.7 s to arrive here), and the rest when it goes.
  const pieces = [0, 1, 2];
  const arrived = () => pieces.filter((piece) => received.some((one) => one.body.includes(`burst-${piece} `)));
  await page.evaluate(async (count) => {
    for (let piece = 0; piece < count; piece++) {
      const block = document.createElement('p');
      block.textContent = `burst-${piece} ${'replayed text '.repeat(1800)}`;
      document.body.append(block);
      await new Promise((resolve) => setTimeout(resolve));
    }
  }, pieces.length);
  await expect.poll(arrived, { timeout: 700, intervals: [50] }).toEqual([0, 1]);
  await page.goto('about:blank');
  await expect.poll(() => reports('vital').filter((r) => r.route.endsWith('/reset/:token')).length).toBeGreaterThan(1);
  await expect.poll(arrived).toEqual(pieces);

  for (const one of received) {
    expect(one.method).toBe('POST');
    expect(Buffer.byteLength(one.body)).toBeLessThan(64 * 1024);
    expect(one.headers['content-type']?.toLowerCase()).toBe('text/plain;charset=utf-8');
    expect(one.headers.cookie).toBeUndefined();
    expect(one.headers.referer).toBeUndefined();
  }
  const all = batches();
  expect(new Set(all.map((batch) => batch.session)).size).toBe(1);
  expect(new Set(all.map((batch) => batch.page)).size).toBe(2);
  expect(
    all.every((batch) => batch.v === 1 && batch.app === 'app.login' && batch.replay && batch.locale === 'en'),
  ).toBe(true);
  const loginVitals = reports('vital').filter((r) => r.route === '/app.login/login');
  // INP too when an interaction took 40 ms or more (web-vitals' threshold): not on a fast machine.
  expect(loginVitals.map((r) => r.name)).toEqual(expect.arrayContaining(['TTFB', 'FCP', 'LCP', 'CLS']));
  const errors = reports('error').map(({ kind, message }) => ({ kind, message }));
  expect(errors).toEqual(
    expect.arrayContaining([
      { kind: 'error', message: 'Lookup failed for [email]' },
      { kind: 'rejection', message: 'No session for [email]' },
    ]),
  );
  // rrweb's events: a full snapshot of each page, and the typing recorded as masked input (source 5).
  const replay = reports('replay');
  expect(replay.filter((r) => r.event?.type === 2).length).toBe(2);
  const inputs = replay.filter((r) => r.event?.type === 3 && r.event.data?.source === 5);
  expect(inputs.length).toBeGreaterThan(0);
  expect(new Set(inputs.map((r) => r.event?.data?.text))).toEqual(new Set(['***']));
  // Nothing personal anywhere in what was sent: not the typed address or password, not the address in a URL, not
  // the reset token, not the API key the direct-mode page holds.
  const sent = received.map((one) => one.body).join('\n');
  for (const secret of [TYPED.email, 'ada%40example.com', TYPED.password, '3f9a8c7e2b1d', API_KEY]) {
    expect(sent).not.toContain(secret);
  }
  expect(sent).not.toMatch(/[\w.+-]+(@|%40)example\.com/);
});

test('a session outside the replayed tenth: vitals and errors only, and the recorder never loads', async ({ page }) => {
  await drawAt(page, 0.5);
  // An error thrown while the page is still being parsed, after its first lines and before its entry script runs.
  await page.addInitScript((email) => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('script[type="module"]')) return;
      observer.disconnect();
      throw new Error(`Thrown before the entry ran for ${email}`);
    }).observe(document, { childList: true, subtree: true });
  }, TYPED.email);
  const chunks = monitoringChunks(page);
  await page.goto(`${origin}/app.login/login`);
  await expect.poll(() => reports('vital').map((r) => r.name)).toContain('TTFB');
  await failSignIn(page);
  await page.goto('about:blank');
  await expect.poll(() => reports('vital').map((r) => r.name)).toContain('LCP');
  expect(chunks).toEqual(['rum-monitor']);
  expect(batches().every((batch) => !batch.replay)).toBe(true);
  expect(reports('replay')).toEqual([]);
  // The entry took it over from the page's first lines: reported once, by the monitor, with the page's vitals.
  const early = batches().flatMap((batch) =>
    batch.reports.filter((r) => r.message?.startsWith('Thrown before')).map((r) => ({ page: batch.page, ...r })),
  );
  expect(early.map(({ kind, name, message }) => ({ kind, name, message }))).toEqual([
    { kind: 'error', name: 'Error', message: 'Thrown before the entry ran for [email]' },
  ]);
  expect(new Set(batches().map((batch) => batch.page))).toEqual(new Set([early[0]?.page]));
});

test('an entry that never runs: what went wrong before it still reaches the collector, from the page’s first lines', async ({
  page,
}) => {
  // The entry is a syntax error to this browser (as ES2022 is to an older one), and the page's preloaded texts do not
  // come: nothing of the app runs, and no monitor loads.
  await page.route('**/app.login/assets/index-*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'export const broken = ;' }),
  );
  await page.route('**/app.login/assets/i18n-en-core-*.js', (route) => route.abort());
  const chunks = monitoringChunks(page);
  await page.goto(`${origin}${RESET}`);
  await expect.poll(() => reports('error').length).toBe(2);
  await page.goto('about:blank');
  expect(chunks).toEqual([]);
  const [batch] = batches();
  expect(batches()).toHaveLength(1);
  expect(batch).toMatchObject({ v: 1, app: 'app.login', replay: false, locale: 'en' });
  expect(reports('error')).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        route: '/app.login/reset/:token',
        kind: 'error',
        name: 'SyntaxError',
        // The error's own message, as the monitor sends it, not the event's "Uncaught SyntaxError: …".
        message: expect.not.stringMatching(/^Uncaught/),
        source: expect.stringMatching(/\/app\.login\/assets\/index-[\w-]+\.js:\d+:\d+$/),
      }),
      expect.objectContaining({
        route: '/app.login/reset/:token',
        kind: 'error',
        name: 'LoadError',
        message: 'Failed to load link',
        source: expect.stringMatching(/\/app\.login\/assets\/i18n-en-core-[\w-]+\.js$/),
      }),
    ]),
  );
  expect(received[0]?.headers.cookie).toBeUndefined();
  expect(received[0]?.headers.referer).toBeUndefined();
  for (const secret of [TYPED.email, 'ada%40example.com', '3f9a8c7e2b1d', API_KEY])
    expect(received[0]?.body).not.toContain(secret);
});

test('RUM_ENDPOINT unset: no monitoring code loads, and no request leaves for anywhere but the site and its API', async ({
  page,
  baseURL,
}) => {
  const chunks = monitoringChunks(page);
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const { origin: to } = new URL(request.url());
    if (to !== baseURL && to !== mockUrl) elsewhere.push(request.url());
  });
  const response = await page.goto('/app.login/login');
  expect(response?.headers()['content-security-policy']).toContain(`connect-src 'self' ${mockUrl};`);
  await expect(page.locator('meta[name="rum-endpoint"]')).toHaveAttribute('content', '');
  await failSignIn(page);
  await page.goto(`${RESET}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // What a monitored page would have sent by now: its first batch goes a second after load.
  await page.waitForTimeout(1500);
  await page.goto('about:blank');
  expect(chunks).toEqual([]);
  expect(elsewhere).toEqual([]);
  expect(received).toEqual([]);
});
