import type { Page } from '@playwright/test';

/** Records the JSON bodies the app sends to one API path (on the mock's origin), for payload assertions. */
export function recordCalls(page: Page, method: string, pathPattern: RegExp): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === method && pathPattern.test(url.pathname) && !url.pathname.startsWith('/app.login')) {
      bodies.push(request.postData() === null ? null : request.postDataJSON());
    }
  });
  return bodies;
}
