import { expect, type Page, test } from '@playwright/test';
import { SEED_PASSWORD, TOTP_SECRET } from '@runofshow/mock-server/sandbox/seed';
import { totpCode } from '@runofshow/mock-server/sandbox/totp';
import { en as messages } from '../src/lib/i18n/whole.js';
import { expectAccessible } from './support/axe.js';

// Issue 16: the sign-in flows walked as a visitor would, against the stateful sandbox that `npm start` (and so this
// stack) runs. No Prefer header and no page.route: every answer comes from the sandbox's state, through Prism's
// validating proxy, and the outbox page (on the mock's own port) shows both the mail and how many exchanges broke the
// description.
test.describe.configure({ mode: 'serial' });

const outbox = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 4110}/outbox/`;

const email = `walker.${Date.now().toString(36)}@example.com`;
const firstPassword = 'Walk-The-Walk-1';
const secondPassword = 'Talk-The-Talk-2';
let started = 0;
let before: Contract;

interface Contract {
  exchanges: number;
  refused: number;
  broken: number;
}

/** The outbox page's contract line, read as a visitor reads it. */
async function contract(page: Page): Promise<Contract> {
  await page.goto(outbox);
  const line = (await page.getByTestId('contract').textContent()) ?? '';
  const figure = (pattern: RegExp) => Number(pattern.exec(line)?.[1] ?? Number.NaN);
  return {
    exchanges: figure(/(\d+) exchanges? with the sandbox/),
    refused: figure(/(\d+) requests? refused/),
    broken: figure(/(\d+) answers? breaking/),
  };
}

/** Opens the newest mail to `to` with `subject` in the outbox and follows its link. */
async function followMail(page: Page, to: string, subject: string): Promise<void> {
  await page.goto(outbox);
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByTestId('recipient').getByText(to, { exact: true }) })
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link').click();
}

async function signIn(page: Page, address: string, password: string): Promise<void> {
  await page.goto('/app.login/login');
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await submitSignIn(page, 'Sign in');
}

/** Submits and waits for the sign-in answer, so each attempt is counted before the next. */
async function submitSignIn(page: Page, name: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login',
  );
  await page.getByRole('button', { name }).click();
  await answered;
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  before = await contract(page);
  await page.close();
  started = performance.now();
});

test.afterAll(async ({ browser }, testInfo) => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const page = await browser.newPage();
  const after = await contract(page);
  await page.screenshot({ path: testInfo.outputPath('outbox.png'), fullPage: true });
  await page.close();
  const walk = {
    exchanges: after.exchanges - before.exchanges,
    refused: after.refused - before.refused,
    broken: after.broken - before.broken,
  };
  console.log(
    `Sandbox walk: ${seconds} s, ${walk.exchanges} exchanges with the sandbox, ${walk.refused + walk.broken} contract violations (${walk.refused} requests refused, ${walk.broken} answers broken); since the stack started: ${after.exchanges} exchanges, ${after.refused} refused, ${after.broken} broken.`,
  );
  expect(walk.refused + walk.broken).toBe(0);
  expect(after.broken).toBe(0);
});

test.describe('a visitor walks the sandbox', () => {
  test('signs up, verifies from the outbox, signs in with that password, and a wrong one fails', async ({ page }) => {
    await page.goto('/app.login/signup');
    await page.getByLabel('First name').fill('Wanda');
    await page.getByLabel('Last name').fill('Walker');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Company name').fill('Walking Tours');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect/new');

    await page.goto(outbox);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox');
    // The walker's mail, wherever it stands: the other specs share this sandbox and may mail in the meantime (a
    // reset to wrong@example.com from dead-ends.spec.ts came first when both ran at once). Newest first is the mock's
    // own test (mock-server/test/sandbox.test.ts).
    await expect(page.getByTestId('recipient').getByText(email, { exact: true }).first()).toBeVisible();
    await expectAccessible(page);
    await page.clock.install();
    await followMail(page, email, 'Verify your e-mail address');
    await expect(page).toHaveURL(/\/app\.login\/verify\/[\w-]+$/);
    await expect(page.getByText(messages.verifiedTitle)).toBeVisible();
    // The page leaves 3 s after saying so (§9; verify.spec.ts times it): the page's clock skips them, so they do not
    // eat into the wait for the dashboard, which on a busy machine they left under 2 s of.
    await page.clock.fastForward(3000);
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');

    await signIn(page, email, 'Not-My-Password-1');
    await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
    await signIn(page, email, firstPassword);
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');
  });

  // Issue 28: RFC 5322 allows an apostrophe before the `@`; the app, Prism (the description) and the sandbox refused it.
  test("signs up as o'brien@…: an apostrophe in the address passes the app, the description and the sandbox", async ({
    page,
  }) => {
    const address = `o'brien.${Date.now().toString(36)}@example.com`;
    await page.goto('/app.login/signup');
    await page.getByLabel('First name').fill('Orla');
    await page.getByLabel('Last name').fill("O'Brien");
    await page.getByLabel('Work email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Company name').fill('Apostrophe Tours');
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/users',
    );
    await page.getByRole('button', { name: 'Create account' }).click();
    expect((await created).status()).toBe(201);
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect/new');
    await page.goto(outbox);
    await expect(page.getByTestId('recipient').getByText(address, { exact: true })).toBeVisible();
  });

  test('forgets the password, resets it from the outbox; the old one fails, the new one works', async ({ page }) => {
    await page.goto('/app.login/forgot');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(messages.forgotSent);

    await followMail(page, email, 'Reset your password');
    await expect(page).toHaveURL(/\/app\.login\/reset\/[\w-]+\?email=/);
    await page.getByLabel('New password', { exact: true }).fill(secondPassword);
    await page.getByLabel('Confirm new password').fill(secondPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('status')).toHaveText(messages.resetDone);

    await signIn(page, email, firstPassword);
    await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
    await signIn(page, email, secondPassword);
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');
  });

  test('signs the two-factor account in with its authenticator code, and not with a wrong one', async ({ page }) => {
    await page.goto('/app.login/login');
    // A code signs in once: mock-scenarios.spec.ts signs mfa@example.com in, maybe within the same 30 seconds, so
    // the walk takes the other two-factor account.
    await page.getByLabel('Email').fill('totp@example.com');
    await page.getByLabel('Password', { exact: true }).fill(SEED_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login with MFA');
    const code = page.getByLabel('Six-digit code');
    const wrong = String((Number(totpCode(TOTP_SECRET)) + 500_000) % 1_000_000).padStart(6, '0');
    await code.fill(wrong);
    await submitSignIn(page, 'Verify and sign in');
    await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
    await code.fill(totpCode(TOTP_SECRET));
    await submitSignIn(page, 'Verify and sign in');
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');
    await page.screenshot({ path: test.info().outputPath('dashboard.png') });
  });

  test('repeated wrong passwords lock the account, with the countdown', async ({ page }) => {
    await page.goto('/app.login/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Still-Not-It-3');
    for (let attempt = 1; attempt < 5; attempt++) {
      await submitSignIn(page, 'Sign in');
      await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
    }
    await submitSignIn(page, 'Sign in');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(messages.lockout);
    await expect(alert.locator('.countdown')).toHaveText(/^You can try again in (30:00|29:[0-5]\d)\.$/);
    await expect(alert.getByRole('link')).toHaveAttribute('href', /^\/app\.login\/forgot\?email=/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });
});
