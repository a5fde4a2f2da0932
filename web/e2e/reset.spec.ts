import { expect } from '@playwright/test';
import { recordCalls } from './support/api-calls.js';
import { expectAccessible } from './support/axe.js';
// Checked against the description's examples, not the sandbox's state (see support/examples.ts).
import { test } from './support/examples.js';
import { prefer } from './support/scenario.js';

const noToken = 'Your link may be expired. You can request a new link on the forgot password page.';

test.describe('/reset/:token?', () => {
  test('without a token, says the link is unusable and links to /forgot', async ({ page }) => {
    await page.goto('/app.login/reset?email=ada%40example.com');
    await expect(page.locator('.alert-warning .alert-title')).toHaveText('Unable to reset password');
    await expect(page.locator('.alert-warning .alert-text')).toHaveText(noToken);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to the forgot password page' }).click();
    // Issue 34: the link's address goes along.
    await expect(page).toHaveURL(/\/app\.login\/forgot\?email=ada%40example\.com$/);
  });

  test('sets the new password with the token and the address from the link', async ({ page }) => {
    const calls = recordCalls(page, 'PUT', /\/reset\/password$/);
    const paths: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/reset/password')) paths.push(new URL(r.url()).pathname);
    });
    await page.goto('/app.login/reset/3f9a8c7e2b1d?email=ada%2Bwork%40example.com');
    const button = page.getByRole('button', { name: 'Reset password' });
    await expect(button).toBeDisabled();
    const password = page.getByLabel('New password', { exact: true });
    await password.focus();
    const rules = page.getByRole('tooltip');
    await expect(rules).toContainText('Passwords must contain:');
    await expect(rules.locator('li.rule-missing')).toHaveCount(5);
    await expectAccessible(page);
    await password.fill('Correct-Horse-');
    await expect(rules.locator('li.rule-ok')).toHaveCount(4);
    await expect(rules.locator('li.rule-missing')).toHaveText([/A number/]);
    await password.press('Escape');
    await expect(rules).toBeHidden();
    await password.press('9');
    // Every rule met: the tooltip steps aside so nothing covers the button.
    await password.blur();
    await password.focus();
    await expect(page.getByRole('tooltip')).toBeHidden();
    await page.getByLabel('Confirm new password').fill('Correct-Horse-8');
    await page.getByLabel('Confirm new password').blur();
    await expect(page.getByText('Uh oh! Passwords do not match')).toBeVisible();
    await expect(button).toBeDisabled();
    await page.getByLabel('Confirm new password').fill('Correct-Horse-9');
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page.getByRole('status')).toHaveText('Your password was changed. You can now sign in with it.');
    expect(calls).toEqual([{ passwordRecoveryToken: '3f9a8c7e2b1d', newPassword: 'Correct-Horse-9' }]);
    expect(paths).toEqual(['/users/ada%2Bwork%40example.com/reset/password']);
    await expectAccessible(page);
  });

  test("says 'Uh oh! Password is invalid' under a weak password", async ({ page }) => {
    await page.goto('/app.login/reset/3f9a8c7e2b1d?email=ada%40example.com');
    const password = page.getByLabel('New password', { exact: true });
    await password.fill('short');
    await password.blur();
    await expect(page.getByText('Uh oh! Password is invalid')).toBeVisible();
    await expectAccessible(page);
  });

  test('keeps the button disabled after the click and shows the failure', async ({ page }) => {
    await prefer(page, /\/reset\/password$/, 'code=404');
    await page.goto('/app.login/reset/3f9a8c7e2b1d?email=ada%40example.com');
    await page.getByLabel('New password', { exact: true }).fill('Correct-Horse-9');
    await page.getByLabel('Confirm new password').fill('Correct-Horse-9');
    const button = page.getByRole('button', { name: 'Reset password' });
    await button.click();
    await expect(page.getByRole('alert')).toContainText(
      'This reset link is invalid or has expired. You can request a new link on the forgot password page.',
    );
    await expect(button).toBeDisabled();
    await expectAccessible(page);
  });
});
