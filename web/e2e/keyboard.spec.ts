import { expect, type Page } from '@playwright/test';
import { recordCalls } from './support/api-calls.js';
// Checked against the description's examples, not the sandbox's state (see support/examples.ts).
import { test } from './support/examples.js';
import { STUB_TOKEN, stubHcaptcha } from './support/hcaptcha.js';
import { prefer } from './support/scenario.js';

// Every flow with the keyboard alone: the visitor types where the focus is, moves with Tab and submits with Enter.
// A keyboard user starts once the screen has put the focus in its first field.

async function typeInto(page: Page, label: string, text: string) {
  await expect(page.getByLabel(label, { exact: true })).toBeFocused();
  await page.keyboard.type(text);
}

test.describe('keyboard only', () => {
  test('Enter on an incomplete form shows every message and moves focus to the first invalid field', async ({
    page,
  }) => {
    await page.goto('/app.login/signup');
    await typeInto(page, 'First name', 'Ada');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // The button is disabled (§5), so Enter explains instead of submitting.
    await expect(page.getByLabel('Last name')).toBeFocused();
    await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Uh oh! A name is required');
    await expect(page.getByText('Uh oh! Email is invalid')).toBeVisible();
    await expect(page.getByText('Uh oh! Password is invalid')).toBeVisible();
    await expect(page.getByText('Uh oh! 2 to 32 characters are required')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
  });

  test('sign-up, the Sign Up Error dialog (Escape, Dismiss) and its Login button', async ({ page }) => {
    await stubHcaptcha(page);
    await prefer(page, /^\/users$/, 'code=409');
    const users = recordCalls(page, 'POST', /^\/users$/);
    await page.goto('/app.login/signup');
    await typeInto(page, 'First name', 'Ada');
    await page.keyboard.press('Tab');
    await typeInto(page, 'Last name', 'Lovelace');
    await page.keyboard.press('Tab');
    await typeInto(page, 'Work email', 'ada@example.com');
    await page.keyboard.press('Tab');
    await typeInto(page, 'Password', 'Correct-Horse-9');
    await page.keyboard.press('Tab');
    // Issue 34: the show button is the next stop, inside the password's box.
    await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
    await page.keyboard.press('Tab');
    await typeInto(page, 'Company name', 'Analytical Engines');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign Up Error' });
    await expect(dialog).toBeVisible();
    expect(users).toEqual([expect.objectContaining({ email: 'ada@example.com', captcha: STUB_TOKEN })]);
    await expect(dialog.getByRole('button', { name: 'Dismiss' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Company name')).toHaveValue('Analytical Engines');
    await page.getByRole('button', { name: 'Create account' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Enter'); // Dismiss has the focus
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Create account' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Login' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\.login\/login\?email=ada%40example\.com$/);
  });

  test('sign-in with a second factor: password step, then the code', async ({ page }) => {
    await prefer(page, /\/has2fa$/, 'example=enabled');
    const logins = recordCalls(page, 'POST', /^\/login$/);
    await page.goto('/app.login/login');
    await typeInto(page, 'Email', 'grace@example.com');
    await page.keyboard.press('Tab');
    await typeInto(page, 'Password', 'Correct-Horse-9');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login with MFA');
    await typeInto(page, 'Six-digit code', '123456');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dash\/redirect$/);
    expect(logins).toEqual([{ email: 'grace@example.com', password: 'Correct-Horse-9', timeBasedToken: '123456' }]);
  });

  test('single sign-on', async ({ page }) => {
    await page.route('**/sso/login/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>IdP</title><p>identity provider</p>' }),
    );
    await page.goto('/app.login/login/sso');
    await typeInto(page, 'Work email', 'ada@engines.example.com');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sso\/login\/engines\.example\.com$/);
  });

  test('forgot password', async ({ page }) => {
    await stubHcaptcha(page);
    const calls = recordCalls(page, 'POST', /\/passwordRecoveryToken$/);
    await page.goto('/app.login/forgot');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email address');
    await typeInto(page, 'Email', 'ada@example.com');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toBeVisible();
    expect(calls).toEqual([{ captcha: STUB_TOKEN }]);
  });

  test('reset password', async ({ page }) => {
    const calls = recordCalls(page, 'PUT', /\/reset\/password$/);
    await page.goto('/app.login/reset/3f9a8c7e2b1d?email=ada%40example.com');
    await typeInto(page, 'New password', 'Correct-Horse-9');
    await page.keyboard.press('Escape'); // closes the rules tooltip
    await page.keyboard.press('Tab'); // the show button
    await page.keyboard.press('Tab');
    await typeInto(page, 'Confirm new password', 'Correct-Horse-8');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription('Uh oh! Passwords do not match');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('9');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Your password was changed. You can now sign in with it.');
    expect(calls).toEqual([{ passwordRecoveryToken: '3f9a8c7e2b1d', newPassword: 'Correct-Horse-9' }]);
  });

  test('invited sign-up', async ({ page }) => {
    await stubHcaptcha(page);
    const users = recordCalls(page, 'POST', /^\/users$/);
    await page.goto('/app.login/signup/invited/eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl');
    await typeInto(page, 'First name', 'Ada');
    await page.keyboard.press('Tab');
    await typeInto(page, 'Last name', 'Lovelace');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email')).toBeFocused(); // locked, but reachable and read out
    await page.keyboard.press('Tab');
    await typeInto(page, 'Password', 'Correct-Horse-9');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dash\//);
    expect(users).toEqual([expect.objectContaining({ firstName: 'Ada', lastName: 'Lovelace', captcha: STUB_TOKEN })]);
  });
});
