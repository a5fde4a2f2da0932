import { expect, type Route, test } from '@playwright/test';

test('§4 global cancel: leaving a screen aborts its calls, and coming back asks again', async ({ page }) => {
  let held = 0;
  await page.route(
    (url) => url.pathname.endsWith('/has2fa'),
    async (route: Route) => {
      held += 1;
      // The first lookup never gets an answer: only a cancel ends it.
      if (held === 1) return;
      await route.fallback();
    },
  );
  const aborted: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.url().endsWith('/has2fa')) aborted.push(request.failure()?.errorText ?? '');
  });
  await page.goto('/app.login/login');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
  await expect.poll(() => held).toBe(1);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();

  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with SSO');
  await expect.poll(() => aborted).toEqual(['net::ERR_ABORTED']);

  await page.getByRole('link', { name: 'Sign in with a password' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dash\/redirect$/);
});
