import { expect, type Page, test } from '@playwright/test';

/**
 * Everything the page does that a reader would see in the console or the network panel: console errors, page
 * errors, CSP violations, failed requests (status ≥ 400 or no answer) and any request off the site's origin.
 * Chromium asks for `/favicon.ico` behind Playwright's back (no `request` event), so a 404 there shows only as a
 * console error; a request the CSP blocks never starts, so it shows only as a console error and a violation event.
 */
async function watch(page: Page, origin: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== origin) {
      problems.push(`off-site: ${request.url()}`);
    }
  });
  await page.exposeFunction('reportViolation', (text: string) => problems.push(`CSP violation: ${text}`));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      // Redoc's search asks whether it may build its index in a worker by compiling a function; the CSP says no,
      // Redoc catches that and builds the index on the page. The reader sees nothing, so that probe is allowed.
      if (event.violatedDirective === 'script-src' && event.blockedURI === 'eval') return;
      report(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return problems;
}

/**
 * Waits until the section a link led to has come to rest at the top of the window. Redoc mounts the page's sections
 * lazily and, while they change its height, scrolls that section back to the top again and again; the operation's
 * code sample shows before this ends. A click in the meantime races the scrolling: the click's own scroll into view,
 * taken while the page moved, left the SDK button at the window's bottom edge, Redoc took that for the reader
 * scrolling away and stopped, and the SDK menu (a fixed layer under its button) opened below the window, where no
 * scrolling reaches it. The reader waits for the page to stop moving; so does the test.
 */
async function comesToRest(page: Page, sectionId: string): Promise<void> {
  const section = page.locator(`[id="${sectionId}"]`);
  const topOverTwoFrames = (node: Element) =>
    new Promise<string>((resolve) => {
      const before = Math.round(node.getBoundingClientRect().top);
      requestAnimationFrame(() =>
        requestAnimationFrame(() => resolve(`${before} ${Math.round(node.getBoundingClientRect().top)}`)),
      );
    });
  await expect.poll(() => section.evaluate(topOverTwoFrames)).toBe('0 0');
}

// One load for both (the page is 3.7 MB and builds Redoc's search index on each load, about 3 CPU-s): the reload
// above, then an operation's samples on the reloaded page, the console watched throughout.
test('the API docs page renders offline under its CSP and leaves the console clean, and each operation shows its SDK call, in the facade form and the path form', async ({
  page,
  baseURL,
}) => {
  // The two checks' allowances together: a load, a reload and an operation's samples took over 20 s at load 13.
  test.setTimeout(40_000);
  const problems = await watch(page, new URL(baseURL ?? '').origin);
  await page.goto('/docs/');
  await expect(page.getByRole('heading', { name: /Run of Show API/ }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Transport' }).first().click();
  await expect(page).toHaveURL(/\/docs\/(#\/)?section\/transport$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Transport' }).first()).toBeVisible();
  expect(problems).toEqual([]);
  await page.getByRole('link', { name: 'Sign-in' }).first().click();
  await page.getByRole('link', { name: 'Sign in with e-mail and password' }).first().click();
  await expect(page.locator('pre', { hasText: 'const session = await api.auth.login({' })).toBeVisible();
  await comesToRest(page, 'auth/auth.login');
  await page.getByRole('button', { name: 'SDK' }).first().click();
  await page.getByRole('menuitem', { name: 'SDK, by path' }).click();
  await expect(page.locator('pre', { hasText: "const { data: session } = await api.POST('/login', {" })).toBeVisible();
  expect(problems).toEqual([]);
});

test.describe('without the CSP in the way', () => {
  // The CSP stops a request before it starts; with it bypassed, every request the page tries shows up, including
  // ones it sends later. (Playwright's fake clock also needs eval, which the CSP forbids.)
  test.use({ bypassCSP: true });

  test('the docs page tries no request off the site, even after a minute of its timers', async ({ page, baseURL }) => {
    const problems = await watch(page, new URL(baseURL ?? '').origin);
    // Redoc batches its telemetry and sends it seconds later: the fake clock runs those timers at once.
    await page.clock.install();
    await page.goto('/docs/');
    await expect(page.getByRole('heading', { name: /Run of Show API/ }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Transport' }).first().click();
    await expect(page.getByRole('heading', { name: 'Transport' }).first()).toBeVisible();
    await page.clock.runFor(60_000);
    // One more round trip, so whatever the timers set off has been reported before the verdict.
    await page.evaluate(() => document.readyState);
    expect(problems).toEqual([]);
  });
});
