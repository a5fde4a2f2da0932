import { expect, type Page } from '@playwright/test';
// Checked against the description's examples, not the sandbox's state (see support/examples.ts).
import { test } from './support/examples.js';
import { apiPath, stayBeforeDashboard } from './support/hold.js';

// §8 retries in the browser. The SDK imports ky, which decides every retry, only when an answer is to be retried
// (web/scripts/budget.ts: a screen's first load does not carry it), so a retry is also the moment a script arrives.

const VERIFY = apiPath(/^\/users\/verify\/email$/);

/** Answers the first verification call 503, as a backend briefly away would; later tries reach Prism. */
async function firstAnswer503(page: Page): Promise<{ tries: () => number }> {
  let tries = 0;
  await page.route(VERIFY, (route) => {
    tries++;
    if (tries > 1) return route.fallback();
    return route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503 }),
    });
  });
  return { tries: () => tries };
}

/** The app's scripts the page asked for, in order. */
function scriptsAskedFor(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/app.login/assets/') && pathname.endsWith('.js')) asked.push(pathname);
  });
  return asked;
}

test.describe('§8 retries in the browser', () => {
  test('a call answered 503 is retried once the retry code has loaded, and the screen shows the retried answer', async ({
    page,
  }) => {
    await stayBeforeDashboard(page);
    const scripts = scriptsAskedFor(page);
    const verify = await firstAnswer503(page);
    let beforeTheCall: string[] = [];
    page.on('request', (request) => {
      if (VERIFY(new URL(request.url())) && beforeTheCall.length === 0) beforeTheCall = [...scripts];
    });
    await page.goto('/app.login/verify/9c2e4f6a8b0d');
    await expect(page.locator('.alert-success .alert-title')).toHaveText('Your email address has been verified');
    expect(verify.tries()).toBe(2);
    // One script more than the screen and its API client: the retry's.
    expect(scripts.filter((script) => !beforeTheCall.includes(script))).toHaveLength(1);
  });

  test('when the retry code cannot load, the call ends with its own answer, logged as the 503 it was', async ({
    page,
  }) => {
    await stayBeforeDashboard(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    let answered = false;
    await page.route(VERIFY, (route) => {
      answered = true;
      return route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503 }),
      });
    });
    // Every script asked for after the API's answer fails to load: the network went away with the backend.
    await page.route(/\/app\.login\/assets\/[^/]+\.js$/, (route) => (answered ? route.abort() : route.fallback()));
    await page.goto('/app.login/verify/9c2e4f6a8b0d');
    await expect(page.locator('.alert-warning .alert-title')).toHaveText('This verification link is invalid');
    await expect.poll(() => errors.join('\n')).toContain('users.verifyEmail failed with 503: Service Unavailable');
    expect(errors.join('\n')).not.toContain('failed while its answer was handled');
  });
});
