import { test as base, type Page } from '@playwright/test';

/**
 * For specs that check the app against the description's examples rather than the sandbox's state (any sign-up is
 * new, any invitation, reset or verification token is valid, a stored token is Ada's): each API call the page makes
 * without a `Prefer` of its own asks for Prism's examples (`Prefer: dynamic=false`, Prism's default), which the mock
 * sends to Prism instead of the sandbox. Registered before the test body, so any `prefer()` of the test still wins.
 */
async function useExamples(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/app.login'),
    (route) => {
      const request = route.request();
      const headers = request.headers();
      if (request.resourceType() !== 'fetch' || headers.prefer) return route.fallback();
      return route.fallback({ headers: { ...headers, prefer: 'dynamic=false' } });
    },
  );
}

/** Playwright's `test` with every page on the description's examples (`useExamples`, set up before each test). */
export const test = base.extend<{ examples: undefined }>({
  examples: [
    async ({ page }, use) => {
      await useExamples(page);
      await use(undefined);
    },
    { auto: true },
  ],
});
