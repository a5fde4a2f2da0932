// The drill's visitors in Chromium: each walks sign-up → the verification mail → sign-in → the dashboard on the TLS
// site, in a context of its own, until the time is up. Their writes are recorded from the requests the page sends
// (each /api POST and the Idempotency-Key it carries, the same on every try); what a visitor saw go wrong is kept
// with the page's own words.
import { type Browser, chromium, type Page, type Request } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_SHELL } from '@runofshow/devkit/chromium';
import type { VisitorError, WriteRecord } from './visitors.js';

const PASSWORD = 'Drill-The-Drill-1';
const STEP_MS = 30_000;

export interface BrowserFigures {
  writes: WriteRecord[];
  errors: VisitorError[];
  walks: number;
  signIns: number;
}

/** What the page shows when it failed: its alert, else where it stopped. */
async function sawOnPage(page: Page, step: string, error: unknown): Promise<string> {
  const alert = await page
    .getByRole('alert')
    .first()
    .textContent({ timeout: 500 })
    .catch(() => null);
  return `${step}: ${alert ? `the page said "${alert.trim()}"` : String(error).split('\n')[0]} (at ${new URL(page.url()).pathname})`;
}

async function walk(
  browser: Browser,
  n: number,
  going: () => boolean,
  site: string,
  run: string,
  mailLink: (email: string) => string | undefined,
  figures: BrowserFigures,
  screenshot: string | undefined,
): Promise<void> {
  // A request's headers are read after the event, and the visitor's context may close first (its run ended, or a host
  // was killed under it): that rejection crashed the whole drill (2026-11-26). Such a write is not the browser's to
  // count; the sandbox's ledger counts every write anyway.
  const headersOf = (request: Request) =>
    request.allHeaders().catch((error: unknown) => {
      if (/has been closed/.test(String(error))) return undefined;
      throw error;
    });
  for (let i = 0; going(); i++) {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: site });
    const page = await context.newPage();
    const keys = new Map<string, WriteRecord>();
    // Each /api POST is a write of the app's, its Idempotency-Key the same on every try: one record per key.
    const recordOf = (url: string, key: string) => {
      let record = keys.get(key);
      if (!record) {
        record = { operation: new URL(url).pathname.slice('/api/'.length), requestId: key, ok: false };
        keys.set(key, record);
        figures.writes.push(record);
      }
      return record;
    };
    const isWrite = (method: string, url: string) => method === 'POST' && new URL(url).pathname.startsWith('/api/');
    page.on('request', (request) => {
      if (!isWrite(request.method(), request.url())) return;
      void headersOf(request).then((headers) => {
        const key = headers?.['idempotency-key'];
        if (key) recordOf(request.url(), key);
      });
    });
    page.on('response', (response) => {
      const request = response.request();
      if (!isWrite(request.method(), request.url())) return;
      void headersOf(request).then((headers) => {
        const key = headers?.['idempotency-key'];
        if (key && response.status() < 400) recordOf(request.url(), key).ok = true;
      });
    });
    const email = `browser.${run}.${n}.${i}@example.com`;
    let step = 'sign-up';
    try {
      await page.goto('/app.login/signup');
      await page.getByLabel('First name').fill('Drill');
      await page.getByLabel('Last name').fill(`Browser ${n}`);
      await page.getByLabel('Work email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Company name').fill(`Drill browser ${n}.${i}`);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL('**/dash/redirect/new', { timeout: STEP_MS });
      step = 'verification';
      const link = mailLink(email);
      if (!link) throw new Error(`no verification mail for ${email}`);
      await page.goto(link);
      await page.waitForURL('**/dash/redirect', { timeout: STEP_MS });
      step = 'sign-in';
      await page.evaluate('localStorage.clear()');
      await page.goto('/app.login/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/dash/redirect', { timeout: STEP_MS });
      const token = await page.evaluate("localStorage.getItem('runofshow.accessToken')");
      if (!token) throw new Error('on the dashboard without a session');
      figures.signIns++;
      figures.walks++;
      if (screenshot && n === 0 && i === 0) await page.screenshot({ path: screenshot });
    } catch (error) {
      figures.errors.push({
        visitor: 100 + n,
        operation: `browser ${step}`,
        requestId: '',
        status: 0,
        cause: await sawOnPage(page, step, error),
      });
    } finally {
      await context.close();
    }
  }
}

/** `count` Chromium visitors walking while `going()`; resolves when each has finished its last walk. */
export async function browserVisitors(options: {
  site: string;
  count: number;
  /** Whether to start another walk (the scripted visitors still walk). */
  going: () => boolean;
  run: string;
  mailLink: (email: string) => string | undefined;
  screenshot?: string;
}): Promise<BrowserFigures> {
  const figures: BrowserFigures = { writes: [], errors: [], walks: 0, signIns: 0 };
  const browser = await chromium.launch({ executablePath: CHROMIUM_SHELL, args: CHROMIUM_FLAGS });
  try {
    await Promise.all(
      Array.from({ length: options.count }, (_, n) =>
        walk(browser, n, options.going, options.site, options.run, options.mailLink, figures, options.screenshot),
      ),
    );
  } finally {
    await browser.close();
  }
  return figures;
}
