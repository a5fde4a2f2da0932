import { expect, type Page, test } from '@playwright/test';
import { SEED_PASSWORD } from '@runofshow/mock-server/sandbox/seed';
import { prefer } from './support/scenario.js';

// Issue 20: signing out ends the session. "Not you?" asks the server to revoke the token (`tokens.delete`), then
// forgets it whatever the answer. Against the sandbox that `npm start` runs: the token is a real session there, and
// the test asks the sandbox itself whether it still works.

const STORAGE_KEY = 'runofshow.accessToken';
const NOT_YOU = 'Not you? Sign up with another account';

/** Signs Grace in through the form, then opens /signup, which offers "Not you?"; resolves with her token. */
async function signedInOnSignup(page: Page): Promise<string> {
  await page.goto('/app.login/login');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Password', { exact: true }).fill(SEED_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  expect(token).toBeTruthy();
  await page.goto('/app.login/signup');
  await expect(
    page.getByText('You are signed in as Grace Hopper (grace@example.com).', { exact: false }),
  ).toBeVisible();
  return token ?? '';
}

/** What the API says of a token now: `GET /tokens/valid` and `GET /token/user` with it, straight to the mock. */
async function tokenWorks(page: Page, token: string): Promise<{ valid: boolean; user: number }> {
  const endpoint = await page.locator('meta[name="api-endpoint"]').getAttribute('content');
  const headers = { 'X-Api-Key': 'sign-out-e2e' };
  const query = `accessToken=${encodeURIComponent(token)}`;
  const valid = await page.request.get(`${endpoint}/tokens/valid?${query}`, { headers });
  const user = await page.request.get(`${endpoint}/token/user?${query}`, { headers });
  return { valid: ((await valid.json()) as { valid: boolean }).valid, user: user.status() };
}

test('"Not you?" revokes the token on the server, then forgets it: it no longer works', async ({ page }) => {
  const token = await signedInOnSignup(page);
  expect(await tokenWorks(page, token)).toEqual({ valid: true, user: 200 });
  const revoked = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/tokens/'),
  );
  await page.getByRole('button', { name: NOT_YOU }).click();
  expect((await revoked).status()).toBe(200);
  await expect(page.getByRole('form', { name: 'Create your team account' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  expect(await tokenWorks(page, token)).toEqual({ valid: false, user: 401 });
});

test('"Not you?" forgets the token even when the server fails to revoke it', async ({ page }) => {
  await signedInOnSignup(page);
  await prefer(page, /^\/tokens\/[^/]+$/, 'code=500');
  const refused = page.waitForResponse((r) => r.request().method() === 'DELETE');
  await page.getByRole('button', { name: NOT_YOU }).click();
  expect((await refused).status()).toBe(500);
  await expect(page.getByRole('form', { name: 'Create your team account' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
});
