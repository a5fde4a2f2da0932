import { expect, type Page, test } from '@playwright/test';
import { SEED_PASSWORD } from '@runofshow/mock-server/sandbox/seed';
import { fillSignupForm } from './support/forms.js';
import { KeyboardWalk } from './support/keyboard-walk.js';

// Issue 34 "no dead ends": each error state of §2, §4 and §8 that the sandbox's catalogued accounts lead to, left on
// the keyboard alone, reaches the dashboard or the mail the visitor needs in at most 3 actions (an action: a control
// activated with Enter; see support/keyboard-walk.ts), with axe (WCAG 2.2 AA) clean on every page on the way.
// Reaching each state is set-up and not counted. Against the sandbox: no Prefer, no interception.

const outbox = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 4110}/outbox/`;
const MAX_ACTIONS = 3;

async function expectMail(page: Page, to: string, subject: string): Promise<void> {
  await page.goto(outbox);
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByTestId('recipient').getByText(to, { exact: true }) })
    .filter({ has: page.getByRole('heading', { name: subject }) });
  await expect(mail.first()).toBeVisible();
}

/** From /login with the address already there: the password, then Enter. */
async function signInFromHere(walk: KeyboardWalk, page: Page, email = 'ada@example.com'): Promise<void> {
  await walk.arrived('Welcome back! Sign in to the product');
  if ((await page.getByLabel('Email').inputValue()) !== email) await walk.type(page.getByLabel('Email'), email);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await walk.type(page.getByLabel('Password', { exact: true }), SEED_PASSWORD);
  await walk.submit();
  await expect(page).toHaveURL(/\/dash\/redirect$/);
}

async function failSignIn(page: Page, email: string): Promise<void> {
  await page.goto('/app.login/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
}

/** /forgot arrived with the address: the reset link is one Enter away. */
async function sendResetFromForgot(walk: KeyboardWalk, page: Page, email: string): Promise<void> {
  await walk.arrived('Forgot password');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await walk.activate(page.getByRole('button', { name: 'Send reset link' }));
  await expect(page.getByRole('status')).toContainText('Check your inbox');
  await expectMail(page, email, 'Reset your password');
}

test.describe('no dead ends, on the keyboard alone', () => {
  // Several pages each, every one checked by axe: more than the suite's 20 s on a busy machine.
  test.describe.configure({ timeout: 45_000 });
  let walk: KeyboardWalk;
  test.beforeEach(({ page }) => {
    walk = new KeyboardWalk(page);
  });
  test.afterEach(() => {
    expect(walk.actions).toBeLessThanOrEqual(MAX_ACTIONS);
  });

  test('§8 login failed (wrong@example.com) → the reset mail, nothing retyped', async ({ page }) => {
    await failSignIn(page, 'wrong@example.com');
    await walk.arrived('Welcome back! Sign in to the product');
    await walk.activate(page.getByRole('link', { name: 'Forgot password?' }));
    await sendResetFromForgot(walk, page, 'wrong@example.com');
    expect(walk.typed).toBe(0);
  });

  test('§8 lockout (locked@example.com) → its reset link → the reset mail', async ({ page }) => {
    await failSignIn(page, 'locked@example.com');
    await expect(page.getByRole('alert')).toContainText('maximum failed login attempts');
    await walk.arrived('Welcome back! Sign in to the product');
    await walk.activate(page.getByRole('alert').getByRole('link', { name: 'Reset your password' }));
    await sendResetFromForgot(walk, page, 'locked@example.com');
    expect(walk.typed).toBe(0);
  });

  test('§8 sign-up 409 (taken@example.com) → Login → the dashboard, the address carried', async ({ page }) => {
    await page.goto('/app.login/signup');
    await fillSignupForm(page, 'taken@example.com');
    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up Error' });
    await expect(dialog).toBeVisible();
    await walk.activate(dialog.getByRole('button', { name: 'Login' }));
    await expect(page.getByLabel('Email')).toHaveValue('taken@example.com');
    await signInFromHere(walk, page, 'taken@example.com');
    expect(walk.typed).toBe(1);
  });

  test('SSO domain without SSO (at /login/sso) → the password sign-in → the dashboard', async ({ page }) => {
    await page.goto('/app.login/login/sso?email=ada%40example.com');
    await walk.arrived('Sign in with SSO');
    await walk.activate(page.getByRole('button', { name: 'Continue with SSO' }));
    await expect(page.getByRole('alert')).toContainText('Invalid SSO Domain');
    await walk.arrived('Sign in with SSO');
    await walk.activate(page.getByRole('link', { name: 'Sign in with your password instead' }));
    await signInFromHere(walk, page);
  });

  for (const kind of ['invalid', 'need-invite', 'error'] as const) {
    test(`§2 /login/sso/${kind} → back → a password sign-in → the dashboard`, async ({ page }) => {
      await page.goto(`/app.login/login/sso/${kind}`);
      await walk.arrived('Sign in with SSO');
      await walk.activate(page.getByRole('link', { name: 'Go back to SSO login' }));
      await walk.arrived('Sign in with SSO');
      await walk.activate(page.getByRole('link', { name: 'Sign in with a password' }));
      await signInFromHere(walk, page);
    });
  }

  test('§2 expired invitation → a new invitation mail', async ({ page }) => {
    await page.goto('/app.login/signup/invited/expired-invite-token');
    await expect(page.getByText('This signup link is invalid.')).toBeVisible();
    await walk.arrived('Join your team');
    await walk.type(page.getByLabel('Email'), 'invited@example.com');
    await walk.submit();
    await expect(page.getByRole('button', { name: 'Sent' })).toBeVisible();
    await expectMail(page, 'invited@example.com', 'You are invited to Run of Show');
  });

  test('§2 reset link refused → a new reset mail, the address carried', async ({ page }) => {
    await page.goto('/app.login/reset/invalid-reset-token?email=ada%40example.com');
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-1');
    await page.getByLabel('Confirm new password').fill('Brand-New-Pass-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');
    await walk.arrived('Reset password');
    await walk.activate(page.getByRole('link', { name: 'Request a new link' }));
    await sendResetFromForgot(walk, page, 'ada@example.com');
  });

  test('§2 reset link without a token → a new reset mail', async ({ page }) => {
    await page.goto('/app.login/reset?email=ada%40example.com');
    await walk.arrived('Reset password');
    await walk.activate(page.getByRole('link', { name: 'Go to the forgot password page' }));
    await sendResetFromForgot(walk, page, 'ada@example.com');
  });

  test('§4 verification link refused → the sign-in → the dashboard', async ({ page }) => {
    await page.goto('/app.login/verify/failing-verification-token');
    await expect(page.getByText('This verification link is invalid', { exact: true })).toBeVisible();
    await walk.arrived('Verify Email');
    await walk.activate(page.getByRole('link', { name: 'Go to sign in' }));
    await signInFromHere(walk, page);
  });

  test('a link that leads nowhere → the sign-in → the dashboard', async ({ page }) => {
    await page.goto('/app.login/no-such-page');
    await walk.arrived('Page not found');
    await walk.activate(page.getByRole('link', { name: 'Go to sign in' }));
    await signInFromHere(walk, page);
  });
});
