import type { Page } from '@playwright/test';

/**
 * For specs that check the app against the description's examples rather than the sandbox's state (any sign-up is
 * new, any invitation, reset or verification token is valid, a stored token is Ada's): each API call the page makes
 * without a `Prefer` of its own asks for Prism's examples (`Prefer: dynamic=false`, Prism's default), which the mock
 * sends to Prism instead of the sandbox. Register it before any `prefer()` of the test, so that choice still wins.
 */
export async function useExamples(page: Page): Promise<void> {
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
