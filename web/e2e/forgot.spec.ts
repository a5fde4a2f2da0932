import { expect } from '@playwright/test';
import { recordCalls } from './support/api-calls.js';
import { expectAccessible } from './support/axe.js';
import { test } from './support/examples.js';
import { STUB_TOKEN, stubHcaptcha, TEST_SITE_KEY } from './support/hcaptcha.js';
import { holdRequests } from './support/hold.js';
import { prefer } from './support/scenario.js';

// The form against the description's examples: the sandbox would limit the reset mail to ada@example.com (five an
// hour), which these tests send again and again; sandbox-walk.spec.ts walks the real reset.
test.describe('/forgot', () => {
  test('trims the address, sends the captcha token, and shows the success alert', async ({ page }) => {
    await stubHcaptcha(page);
    const calls = recordCalls(page, 'POST', /\/passwordRecoveryToken$/);
    const paths: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/passwordRecoveryToken')) paths.push(new URL(r.url()).pathname);
    });
    await page.goto('/app.login/forgot');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot password');
    const send = page.getByRole('button', { name: 'Send reset link' });
    await expect(send).toBeDisabled();
    await expectAccessible(page);
    await page.getByLabel('Email').fill('  ada@example.com  ');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByRole('status')).toHaveText(
      'Check your inbox: if the address belongs to an account, a reset link is on its way.',
    );
    expect(calls).toEqual([{ captcha: STUB_TOKEN }]);
    expect(paths).toEqual(['/users/ada%40example.com/passwordRecoveryToken']);
    expect(await page.evaluate(() => (window as { __hcaptchaParams?: unknown }).__hcaptchaParams)).toEqual({
      sitekey: TEST_SITE_KEY,
      size: 'invisible',
    });
    await expectAccessible(page);
  });

  // The cause of a flaky run: on a busy machine hCaptcha's script came after the visitor's submit, react-hcaptcha's
  // early `execute` then failed, and the page said the link could not be sent without ever calling the API.
  test("sends the link when the visitor submits before hCaptcha's script has arrived", async ({ page }) => {
    await stubHcaptcha(page);
    const calls = recordCalls(page, 'POST', /\/passwordRecoveryToken$/);
    const release = await holdRequests(page, (url) => url.hostname === 'js.hcaptcha.com');
    const scriptAsked = page.waitForRequest((r) => new URL(r.url()).hostname === 'js.hcaptcha.com');
    const tldsIn = page.waitForEvent('requestfinished', (r) => /\/assets\/tlds-[^/]+\.js$/.test(r.url()));
    await page.goto('/app.login/forgot');
    await page.getByLabel('Email').fill('ada@example.com');
    // The widget is mounted (it asked for the script) and the TLD list is in, so the submit asks for a token at once.
    await Promise.all([scriptAsked, tldsIn]);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    release();
    await expect(page.getByRole('status')).toHaveText(
      'Check your inbox: if the address belongs to an account, a reset link is on its way.',
    );
    expect(calls).toEqual([{ captcha: STUB_TOKEN }]);
  });

  test('a second submit while the captcha token is on its way sends nothing more', async ({ page }) => {
    await stubHcaptcha(page);
    const calls = recordCalls(page, 'POST', /\/passwordRecoveryToken$/);
    const release = await holdRequests(page, (url) => url.hostname === 'js.hcaptcha.com');
    const scriptAsked = page.waitForRequest((r) => new URL(r.url()).hostname === 'js.hcaptcha.com');
    const tldsIn = page.waitForEvent('requestfinished', (r) => /\/assets\/tlds-[^/]+\.js$/.test(r.url()));
    await page.goto('/app.login/forgot');
    await page.getByLabel('Email').fill('ada@example.com');
    await Promise.all([scriptAsked, tldsIn]);
    // The button is not busy yet (no token, no call), so both the click and the Enter reach the form.
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByLabel('Email').press('Enter');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    release();
    await expect(page.getByRole('status')).toHaveText(
      'Check your inbox: if the address belongs to an account, a reset link is on its way.',
    );
    expect(calls).toEqual([{ captcha: STUB_TOKEN }]);
    expect(await page.evaluate(() => (window as { __hcaptchaExecutions?: number }).__hcaptchaExecutions)).toBe(1);
  });

  test("keeps 'Send reset link' disabled and says 'Invalid email address' for a bad address", async ({ page }) => {
    await page.goto('/app.login/forgot');
    const send = page.getByRole('button', { name: 'Send reset link' });
    await page.getByLabel('Email').fill('ada@example');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(send).toBeDisabled();
    await expectAccessible(page);
  });

  test('without a site key, bypasses the captcha and says so in the console', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const calls = recordCalls(page, 'POST', /\/passwordRecoveryToken$/);
    const hcaptchaRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('hcaptcha.com')) hcaptchaRequests.push(r.url());
    });
    await page.goto('/app.login/forgot');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    expect(calls).toEqual([{ captcha: 'development-captcha-bypass' }]);
    expect(warnings.some((w) => w.startsWith('hCaptcha is bypassed'))).toBe(true);
    expect(hcaptchaRequests).toEqual([]);
  });

  test('shows a failure alert when the request fails', async ({ page }) => {
    await prefer(page, /\/passwordRecoveryToken$/, 'code=500');
    await page.goto('/app.login/forgot');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // Issue 34: a 500's Problem type (server-error) says the service is not answering, in the visitor's language.
    await expect(page.getByRole('alert')).toHaveText(
      'The service is not answering right now. Please try again in a moment.',
    );
    await expectAccessible(page);
  });

  test('loads the captcha when the visitor uses the form, and shows the Reload box if it cannot', async ({ page }) => {
    await stubHcaptcha(page);
    let block = true;
    const captchaRequests: string[] = [];
    page.on('request', (r) => {
      if (/hcaptcha/.test(r.url())) captchaRequests.push(new URL(r.url()).hostname);
    });
    await page.route(/\/assets\/hcaptcha-widget-[^/]+\.js$/, (route) => (block ? route.abort() : route.fallback()));
    await page.goto('/app.login/forgot', { waitUntil: 'networkidle' });
    // Arrival alone fetches neither the captcha library nor anything from hCaptcha's hosts.
    expect(captchaRequests).toEqual([]);
    await page.getByLabel('Email').fill('ada@example.com');
    const box = page.getByRole('region', { name: 'Captcha' });
    await expect(box.getByRole('alert')).toHaveText('This part of the page could not be shown.');
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
    await expectAccessible(page);
    block = false;
    await box.getByRole('button', { name: 'Reload' }).click();
    await expect(box).toHaveCount(0);
    await expect.poll(() => captchaRequests.filter((host) => host === 'js.hcaptcha.com').length).toBe(1);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toBeVisible();
  });
});
