import { expect, test } from '@playwright/test';
import { prefer } from './support/scenario.js';

const lockout =
  'You have reached the maximum failed login attempts allowed within 30 minutes. You may reset your password to login, or wait until the lockout expires';

test.describe('/login', () => {
  test('signs in and lands on /dash/redirect', async ({ page }) => {
    await page.goto('/app.login/login');
    await expect(page.getByRole('heading', { name: 'Welcome back! Sign in to the product' })).toBeVisible();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('Correct-Horse-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dash\/redirect$/);
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');
  });

  test('honours a same-host redirect and ignores another host', async ({ page }) => {
    await page.goto('/app.login/login?redirect=%2Fdash%2Fteam%2F65a1f0c2e4b0a1b2c3d4e5f7');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('Correct-Horse-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/team/65a1f0c2e4b0a1b2c3d4e5f7');

    await page.goto('/app.login/login?redirect=https%3A%2F%2Fevil.example%2Fdash');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('Correct-Horse-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');
  });

  test('shows the failure alert on wrong credentials', async ({ page }) => {
    await prefer(page, /^\/login$/, 'code=401');
    await page.goto('/app.login/login');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login failed! Invalid email and/or password.');
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  });

  test('shows the lockout message with a link to /forgot on 429', async ({ page }) => {
    await prefer(page, /^\/login$/, 'code=429');
    await page.goto('/app.login/login');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('Correct-Horse-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(lockout);
    await alert.getByRole('link').click();
    await expect(page).toHaveURL(/\/app\.login\/forgot$/);
  });

  test('shows the rules under the inputs', async ({ page }) => {
    await page.goto('/app.login/login');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('abc');
    await page.getByLabel('Password').blur();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  });

  test('asks for the six-digit code when the account has two-factor authentication', async ({ page }) => {
    await prefer(page, /\/has2fa$/, 'example=enabled');
    const logins: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/login' && request.method() === 'POST') {
        logins.push(request.postDataJSON());
      }
    });
    await page.goto('/app.login/login');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Password').fill('Correct-Horse-9');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('heading', { name: 'Login with MFA' })).toBeVisible();
    expect(logins).toHaveLength(0);
    const code = page.getByLabel('Six-digit code');
    await code.fill('12345');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByText('Uh oh! Token must be 6 digits')).toBeVisible();
    expect(logins).toHaveLength(0);

    await code.fill('123456');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/dash\/redirect$/);
    expect(logins).toEqual([{ email: 'grace@example.com', password: 'Correct-Horse-9', timeBasedToken: '123456' }]);
  });
});
