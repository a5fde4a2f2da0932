import type { Page } from '@playwright/test';

/**
 * Picks a Prism scenario for matching API calls by adding a `Prefer` header (for example `code=429` or
 * `example=enabled`). The request still goes to Prism, which validates it against the description. `fallback`
 * (not `continue`) lets any other handler registered for the same request still see it.
 */
export async function prefer(page: Page, pathPattern: RegExp, preference: string): Promise<void> {
  await page.route(
    (url) => pathPattern.test(url.pathname) && !url.pathname.startsWith('/app.login'),
    (route) => route.fallback({ headers: { ...route.request().headers(), prefer: preference } }),
  );
}
