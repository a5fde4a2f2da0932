import type { Page } from '@playwright/test';

/** Fills /signup with a valid sign-up (Ada Lovelace of Analytical Engines), at `email`. */
export async function fillSignupForm(page: Page, email = 'ada@example.com'): Promise<void> {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
  await page.getByLabel('Company name').fill('Analytical Engines');
}

/** The `POST /users` body a sign-up as Ada sends (§7 user create: no company), with the captcha token and time zone. */
export function adaUserCreate(captcha: string, timezone: string) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'Correct-Horse-9',
    captcha,
    industry: 'Corporate',
    timezone,
  };
}
