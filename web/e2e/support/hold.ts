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
