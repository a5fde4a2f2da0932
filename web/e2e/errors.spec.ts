import { expect } from '@playwright/test';
import { expectAccessible } from './support/axe.js';
// Checked against the description's examples, not the sandbox's state (see support/examples.ts).
import { test } from './support/examples.js';

test.describe('unknown routes and §8 error screens', () => {
  test('an unknown route shows the not-found screen with a way back to /login', async ({ page }) => {
    await page.goto('/app.login/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page).toHaveURL(/\/app\.login\/login$/);
  });

  test('/app.login/ goes to /login', async ({ page }) => {
    await page.goto('/app.login/');
    await expect(page).toHaveURL(/\/app\.login\/login$/);
  });

  test("a screen whose code cannot load shows 'Uh oh' and Refresh reloads the page", async ({ page }) => {
    let block = true;
    await page.route(/\/assets\/verify-page-[^/]+\.js$/, (route) => (block ? route.abort() : route.fallback()));
    await page.goto('/app.login/verify/9c2e4f6a8b0d');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uh oh');
    await expect(page.getByText('There was a problem loading this page.', { exact: false })).toHaveText(
      'There was a problem loading this page. Please try a browser refresh and if the problem persists, reach out to client support.',
    );
    await expectAccessible(page);
    block = false;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify Email');
  });
});
