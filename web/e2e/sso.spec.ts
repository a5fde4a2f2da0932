import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.js';

test.describe('/login/sso', () => {
  test('sends the browser to /sso/login/{domain} for a work e-mail', async ({ page }) => {
    await page.route('**/sso/login/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>IdP</title><p>identity provider</p>' }),
    );
    await page.goto('/app.login/login');
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await expect(page).toHaveURL(/\/app\.login\/login\/sso$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with SSO');
    await expectAccessible(page);
    await page.getByLabel('Work email').fill('ada@Engines.example.com');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await expect(page).toHaveURL(/\/sso\/login\/engines\.example\.com$/);
  });

  test('says "Uh oh! Invalid email" under the field and keeps the visitor here', async ({ page }) => {
    await page.goto('/app.login/login/sso');
    await page.getByLabel('Work email').fill('ada@engines');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await expect(page.getByText('Uh oh! Invalid email')).toBeVisible();
    await expect(page.getByLabel('Work email')).toBeFocused();
    await expect(page).toHaveURL(/\/app\.login\/login\/sso$/);
    await expectAccessible(page);
  });

  for (const [path, title, text] of [
    ['invalid', 'Invalid SSO Domain', "Oops, we don't seem to have SSO configured for that domain"],
    [
      'need-invite',
      'Cannot find email address',
      'We were unable to find a user account that matches your email. Please check with your Team Admin to confirm your email address has been invited.',
    ],
    [
      'error',
      'Something went wrong',
      'Oops! Something unexpected happened during your login attempt. Please contact support.',
    ],
  ] as const) {
    test(`/login/sso/${path} shows '${title}' and a way back`, async ({ page }) => {
      await page.goto(`/app.login/login/sso/${path}`);
      await expect(page.locator('.alert-title')).toHaveText(title);
      await expect(page.locator('.alert-text')).toHaveText(text);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Go back to SSO login' }).click();
      await expect(page).toHaveURL(/\/app\.login\/login\/sso$/);
      await expect(page.getByLabel('Work email')).toBeVisible();
    });
  }
});
