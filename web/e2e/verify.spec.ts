import { expect } from '@playwright/test';
import { recordCalls } from './support/api-calls.js';
import { expectAccessible } from './support/axe.js';
// Checked against the description's examples, not the sandbox's state (see support/examples.ts).
import { test } from './support/examples.js';
import { apiPath, holdRequests } from './support/hold.js';
import { prefer } from './support/scenario.js';

test.describe('/verify/:token', () => {
  test('says to hang on while it verifies', async ({ page }) => {
    const answer = await holdRequests(page, apiPath(/^\/users\/verify\/email$/));
    await page.goto('/app.login/verify/9c2e4f6a8b0d');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify Email');
    await expect(page.locator('.alert-basic .alert-title')).toHaveText('Final step to getting you all set up!');
    await expect(page.locator('.alert-basic .alert-text')).toHaveText('Hang on while we verify your email address');
    await expectAccessible(page);
    answer();
    await expect(page.locator('.alert-success')).toBeVisible();
  });

  test('verifies, says so, and goes to /dash/redirect after 3 seconds', async ({ page }) => {
    const calls = recordCalls(page, 'POST', /^\/users\/verify\/email$/);
    // The answer is held until the clock is paused, so the 3 s are counted exactly from the moment it arrives.
    const answer = await holdRequests(page, apiPath(/^\/users\/verify\/email$/));
    await page.clock.install();
    await page.goto('/app.login/verify/9c2e4f6a8b0d');
    await expect(page.locator('.alert-basic')).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1000);
    answer();
    const success = page.locator('.alert-success .alert-title');
    await expect(success).toHaveText('Your email address has been verified');
    await expect(page.locator('.alert-success .alert-text')).toHaveText(
      'In a moment you will be redirected to your application dashboard. Go now',
    );
    expect(calls).toEqual([{ verificationToken: '9c2e4f6a8b0d' }]);
    await page.clock.runFor(2900);
    await expect(page).toHaveURL(/\/app\.login\/verify\//);
    await page.clock.runFor(200);
    await expect(page).toHaveURL(/\/dash\/redirect$/);
  });

  test('success state passes axe', async ({ page }) => {
    // §4 leaves for the dashboard 3 s after success, and on a loaded machine axe took longer than that and found its
    // page gone. The clock is paused before the answer arrives and moved a millisecond at a time while axe runs, so
    // axe's own timers fire (it needs a handful) and the redirect, 3,000 of them away, does not.
    const answer = await holdRequests(page, apiPath(/^\/users\/verify\/email$/));
    await page.clock.install();
    await page.goto('/app.login/verify/9c2e4f6a8b0d');
    await expect(page.locator('.alert-basic')).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1000);
    answer();
    await expect(page.locator('.alert-success')).toBeVisible();
    let checked = false;
    const ticking = (async () => {
      while (!checked) await page.clock.runFor(1);
    })();
    await expectAccessible(page).finally(() => {
      checked = true;
    });
    await ticking;
    await expect(page).toHaveURL(/\/app\.login\/verify\//);
  });

  test('warns that an invalid link is invalid', async ({ page }) => {
    await prefer(page, /^\/users\/verify\/email$/, 'code=404');
    await page.goto('/app.login/verify/expired-token');
    await expect(page.locator('.alert-warning .alert-title')).toHaveText('This verification link is invalid');
    await expect(page.locator('.alert-warning .alert-text')).toHaveText(
      "Reach out to app support if you're having trouble getting your email verified.",
    );
    await expectAccessible(page);
  });
});
