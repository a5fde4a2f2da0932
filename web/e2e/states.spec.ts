import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe.js';
// Checked against the description's examples, not the sandbox's state (see support/examples.ts).
import { test } from './support/examples.js';
import { fillSignupForm } from './support/forms.js';
import { apiPath, holdRequests, stayBeforeDashboard } from './support/hold.js';

// The in-between states of §4 a visitor sees while a call is on its way, the autocomplete hints a password manager
// reads, and the remaining screens at 320 px.

const invite = '/app.login/signup/invited/eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl';

test.describe('§4 while a call is on its way', () => {
  test('login PENDING: the button says so and stays disabled until the answer', async ({ page }) => {
    const release = await holdRequests(page, apiPath(/^\/login$/));
    await page.goto('/app.login/login');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const pending = page.getByRole('button', { name: 'Signing in…' });
    await expect(pending).toBeDisabled();
    await expect(pending).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page).toHaveURL(/\/dash\/redirect$/);
  });

  test('sign-up in progress: the button says so, and the form is frozen but keeps its values', async ({ page }) => {
    const release = await holdRequests(page, apiPath(/^\/users$/));
    await page.goto('/app.login/signup');
    await fillSignupForm(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('button', { name: 'Creating your account…' })).toBeDisabled();
    await expect(page.getByLabel('First name')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    release();
    await expect(page).toHaveURL(/\/dash\/redirect\/new$/);
  });

  test('recovery requesting: the button is disabled until the request ends', async ({ page }) => {
    const release = await holdRequests(page, apiPath(/\/passwordRecoveryToken$/));
    await page.goto('/app.login/forgot');
    await page.getByLabel('Email').fill('ada@example.com');
    const send = page.getByRole('button', { name: 'Send reset link' });
    await send.click();
    await expect(send).toBeDisabled();
    release();
    await expect(page.getByRole('status')).toBeVisible();
  });
});

test.describe('autocomplete hints for password managers', () => {
  const expectHints = async (page: Page, hints: [label: string, value: string][]) => {
    for (const [label, value] of hints) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('autocomplete', value);
    }
  };

  test('sign-up: names, work e-mail, a new password and the organisation', async ({ page }) => {
    await page.goto('/app.login/signup');
    await expectHints(page, [
      ['First name', 'given-name'],
      ['Last name', 'family-name'],
      ['Work email', 'email'],
      ['Password', 'new-password'],
      ['Company name', 'organization'],
    ]);
  });

  test('invited sign-up: the invited address as the username, a new password', async ({ page }) => {
    await page.goto(invite);
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
    await expectHints(page, [
      ['First name', 'given-name'],
      ['Last name', 'family-name'],
      ['Email', 'username'],
      ['Password', 'new-password'],
    ]);
  });

  test('reset: the account as a hidden username beside the new password, so the manager updates the right entry', async ({
    page,
  }) => {
    await page.goto('/app.login/reset/3f9a8c7e2b1d?email=ada%40example.com');
    await expectHints(page, [
      ['New password', 'new-password'],
      ['Confirm new password', 'new-password'],
    ]);
    const username = page.locator('input[autocomplete="username"]');
    await expect(username).toHaveValue('ada@example.com');
    await expect(username).toBeHidden();
  });

  test('forgot: an e-mail; SSO: the sign-in username', async ({ page }) => {
    await page.goto('/app.login/forgot');
    await expectHints(page, [['Email', 'email']]);
    await page.goto('/app.login/login/sso');
    await expect(page.getByLabel('Work email')).toHaveAttribute('autocomplete', 'username');
  });
});

test.describe('320 px wide', () => {
  for (const path of [
    '/app.login/login/sso',
    '/app.login/login/sso/need-invite',
    invite,
    '/app.login/reset/3f9a8c7e2b1d?email=ada%40example.com',
    '/app.login/reset',
    '/app.login/forgot',
    '/app.login/verify/9c2e4f6a8b0d',
    '/app.login/no-such-page',
  ]) {
    test(`${path.split('?')[0]?.slice(0, 40)} fits without sideways scrolling`, async ({ page }) => {
      // /verify leaves for the dashboard 3 s after its answer (§9), which on a busy machine came mid-check.
      await stayBeforeDashboard(page);
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    });
  }
});
