import type { Page } from '@playwright/test';

/**
 * Holds every request whose URL matches until the returned function is called, then lets each through unchanged
 * (`fallback`, so a `Prefer` scenario set for the same request still applies): the test can look at the screen
 * while an answer, or a script, is on its way.
 */
export async function holdRequests(page: Page, match: (url: URL) => boolean): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(match, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

/** An API path on the mock (not the app's own pages and assets under /app.login). */
export const apiPath = (path: RegExp) => (url: URL) =>
  path.test(url.pathname) && !url.pathname.startsWith('/app.login');

/**
 * Answers the dashboard placeholder (where the app leaves to, /dash/…) with 204 No Content: the browser asks for it
 * and stays on the page it is on, as it does while a slow dashboard is on its way. A check of that page is then not
 * cut short by the app's way out (e.g. §9's redirect 3 s after a verification). Returns the addresses asked for.
 */
export async function stayBeforeDashboard(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/dash/'),
    (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 204 });
    },
  );
  return asked;
}
