import { expect } from '@playwright/test';
import { recordCalls } from './support/api-calls.js';
import { expectAccessible } from './support/axe.js';
// Checked against the description's examples, not the sandbox's state (see support/examples.ts).
import { test } from './support/examples.js';
import { adaUserCreate } from './support/forms.js';
import { STUB_TOKEN, stubHcaptcha } from './support/hcaptcha.js';
import { apiPath, holdRequests } from './support/hold.js';
import { prefer } from './support/scenario.js';

// A token shaped like the real ones: its payload carries the invited address.
const token = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl';

test.use({ timezoneId: 'Europe/Paris' });

test.describe('/signup/invited/:token', () => {
  test('shows a disabled placeholder form while the invitation is looked up', async ({ page }) => {
    const answer = await holdRequests(page, apiPath(/^\/users\/invited\//));
    await page.goto(`/app.login/signup/invited/${token}`);
    await expect(page.getByLabel('First name')).toBeDisabled();
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
    await expectAccessible(page);
    answer();
    await expect(page.getByLabel('First name')).toBeEnabled();
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  });

  test('signs up the invited address with the captcha token, signs in and goes to /dash/redirect', async ({ page }) => {
    await stubHcaptcha(page);
    const users = recordCalls(page, 'POST', /^\/users$/);
    const logins = recordCalls(page, 'POST', /^\/login$/);
    const teams = recordCalls(page, 'POST', /^\/teams$/);
    await page.goto(`/app.login/signup/invited/${token}`);
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');
    expect(users).toEqual([expect.objectContaining(adaUserCreate(STUB_TOKEN, 'Europe/Paris'))]);
    expect(logins).toEqual([{ email: 'ada@example.com', password: 'Correct-Horse-9' }]);
    expect(teams).toEqual([]);
  });

  for (const [code, text] of [
    ['409', 'Could not complete sign-up. Please verify your details or try logging in.'],
    // Issue 34: told by the Problem's type (server-error), not by its English detail.
    ['500', 'The service is not answering right now. Please try again in a moment.'],
  ] as const) {
    test(`a ${code} from the sign-up says so above the form, which keeps what was typed`, async ({ page }) => {
      await prefer(page, /^\/users$/, `code=${code}`);
      await page.goto(`/app.login/signup/invited/${token}`);
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('alert')).toHaveText(text);
      await expect(page.getByLabel('First name')).toHaveValue('Ada');
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Correct-Horse-9');
      await expectAccessible(page);
    });
  }

  test("an invalid or expired link warns, and the resend form goes 'Send email' → 'Sending...' → 'Sent'", async ({
    page,
  }) => {
    await prefer(page, /^\/users\/invited\//, 'code=404');
    const resends: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/users/resend/invite/')) resends.push(pathname);
    });
    const answer = await holdRequests(page, apiPath(/^\/users\/resend\/invite\//));
    await page.goto(`/app.login/signup/invited/${token}`);
    await expect(page.locator('.alert-warning .alert-title')).toHaveText('This signup link is invalid.');
    await expect(page.locator('.alert-warning .alert-text')).toHaveText(
      'If you were invited to an event, you can request a new link by submitting your email below.',
    );
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send email' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer();
    await expect(page.getByRole('button', { name: 'Sent' })).toBeDisabled();
    expect(resends).toEqual(['/users/resend/invite/ada%40example.com']);
    await expectAccessible(page);
  });

  test("the resend form says 'Uh oh! Invalid email' for a bad address", async ({ page }) => {
    await prefer(page, /^\/users\/invited\//, 'code=404');
    await page.goto('/app.login/signup/invited/not-a-token');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await page.getByRole('button', { name: 'Send email' }).click();
    await expect(page.getByText('Uh oh! Invalid email')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
  });
});
