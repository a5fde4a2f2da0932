import { expect, type Page, test } from '@playwright/test';
import { recordCalls } from './support/api-calls.js';
import { expectAccessible } from './support/axe.js';
import { apiPath, holdRequests, stayBeforeDashboard } from './support/hold.js';
import { prefer } from './support/scenario.js';

const lockout =
  'You have reached the maximum failed login attempts allowed within 30 minutes. You may reset your password to login, or wait until the lockout expires';

/** Opens /login, types the address and the password, and presses 'Sign in'. */
async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/app.login/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('/login', () => {
  test('shows the §2 header, fields with the right autocomplete, and the other ways in', async ({ page }) => {
    await page.goto('/app.login/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back! Sign in to the product');
    await expect(page).toHaveTitle('Welcome back! Sign in to the product · Run of Show');
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'current-password');
    await expect(page.getByLabel('Email')).toBeFocused();
    const links = page.getByRole('navigation', { name: 'Other ways in' });
    await expect(links.getByRole('link', { name: 'Sign in with SSO' })).toHaveAttribute('href', '/app.login/login/sso');
    await expect(links.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/app.login/forgot');
    await expect(links.getByRole('link', { name: 'Start a free trial' })).toHaveAttribute('href', '/app.login/signup');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await expectAccessible(page);
  });

  test('arrives pre-rendered, then hydrates without a mismatch and works', async ({ page, request }) => {
    // The document itself carries the screen, so it paints before the JavaScript arrives.
    const html = await (await request.get('/app.login/login?redirect=%2Fdash%2Fevents')).text();
    expect(html).toContain('Welcome back! Sign in to the product');
    expect(html).toMatch(/<form[^>]*novalidate/i);
    const problems: string[] = [];
    page.on('console', (message) => {
      // The browser's own line for the SSO lookup's 404, the description's answer for a domain without SSO (issue 34).
      if (new URL(message.location().url || 'about:blank').pathname.startsWith('/ssoconfig/')) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/app.login/login');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(problems).toEqual([]);
    // Other routes are not pre-rendered: they start from the empty document.
    expect(await (await request.get('/app.login/forgot')).text()).toContain('<div id="root"></div>');
  });

  test('keeps what was typed before the script arrived, and signs in with it', async ({ page }) => {
    // Hold the app's script back: the pre-rendered form is on screen and can be typed in (or autofilled) already.
    const release = await holdRequests(page, (url) => /^\/app\.login\/assets\/index-[^/]+\.js$/.test(url.pathname));
    const logins = recordCalls(page, 'POST', /^\/login$/);
    await page.goto('/app.login/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    release();
    // Once hydrated, the app knows both values: the two-factor lookup runs and the button comes on.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Correct-Horse-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dash\/redirect$/);
    expect(logins).toEqual([{ email: 'ada@example.com', password: 'Correct-Horse-9' }]);
  });

  test('signs in and lands on /dash/redirect', async ({ page }) => {
    const logins = recordCalls(page, 'POST', /^\/login$/);
    await submitLogin(page, 'ada@example.com', 'Correct-Horse-9');
    await expect(page).toHaveURL(/\/dash\/redirect$/);
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');
    expect(logins).toEqual([{ email: 'ada@example.com', password: 'Correct-Horse-9' }]);
  });

  test('stays busy on the way to the dashboard and takes no second submit meanwhile', async ({ page }) => {
    const asked = await stayBeforeDashboard(page);
    const logins = recordCalls(page, 'POST', /^\/login$/);
    await submitLogin(page, 'ada@example.com', 'Correct-Horse-9');
    await expect.poll(() => asked).toHaveLength(1);
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect(form).toHaveAttribute('aria-busy', 'true');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(form).toHaveAttribute('aria-busy', 'true');
    expect(logins).toHaveLength(1);
    // Back on this page from the dashboard through the back-forward cache, the form is no longer on its way out.
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await expect(form).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('works with the keyboard alone', async ({ page }) => {
    await page.goto('/app.login/login');
    // A keyboard user types once the form is there: the e-mail field has the focus.
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type('ada@example.com');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type('Correct-Horse-9');
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dash\/redirect$/);
  });

  test('honours a same-host redirect and ignores another host', async ({ page }) => {
    await page.goto('/app.login/login?redirect=%2Fdash%2Fteam%2F65a1f0c2e4b0a1b2c3d4e5f7');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/team/65a1f0c2e4b0a1b2c3d4e5f7');

    await page.goto('/app.login/login?redirect=https%3A%2F%2Fevil.example%2Fdash');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');
  });

  test('shows the failure alert on wrong credentials, accessibly', async ({ page }) => {
    await prefer(page, /^\/login$/, 'code=401');
    await submitLogin(page, 'ada@example.com', 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Login failed! Invalid email and/or password.');
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
    await expectAccessible(page);
  });

  test('shows the lockout message with a link to /forgot on 429 and counts down Retry-After', async ({ page }) => {
    await page.clock.install();
    await prefer(page, /^\/login$/, 'code=429');
    await page.goto('/app.login/login');
    await page.clock.pauseAt(Date.now() + 5000);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
    // The two-factor lookup that turns the button on is debounced, on the paused clock: run it until the button is on.
    // On a busy machine the app hydrates (and learns both values) only after the fields were filled, and one step of
    // the clock taken before that left the button off for good (seen in a full run at load 6).
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await expect(async () => {
      await page.clock.runFor(200);
      await expect(signIn).toBeEnabled({ timeout: 250 });
    }).toPass({ timeout: 15_000 });
    await signIn.click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(lockout);
    // The mock's 429 carries Retry-After: 1800 (30 minutes).
    await expect(alert.locator('.countdown')).toHaveText('You can try again in 30:00.');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await page.clock.runFor(61_000);
    await expect(alert.locator('.countdown')).toHaveText('You can try again in 28:59.');
    await page.clock.runFor(1800_000);
    await expect(alert.locator('.countdown')).toHaveCount(0);
    await expect(alert).toContainText(lockout);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await alert.getByRole('link', { name: 'Reset your password' }).click();
    await expect(page).toHaveURL(/\/app\.login\/forgot\?email=ada%40example\.com$/);
  });

  test('the lockout state passes axe', async ({ page }) => {
    await prefer(page, /^\/login$/, 'code=429');
    await submitLogin(page, 'ada@example.com', 'Correct-Horse-9');
    await expect(page.getByRole('alert')).toContainText(lockout);
    await expectAccessible(page);
  });

  test('shows the rules under the inputs and moves focus to the first invalid field', async ({ page }) => {
    await page.goto('/app.login/login');
    await page.getByLabel('Email').fill('ada@example.notatld');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Uh oh! Email is invalid')).toBeVisible();
    // §4: no two-factor answer for an invalid address, so the button stays disabled.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await page.getByLabel('Email').fill('ada@example.com');
    await expect(page.getByText('Uh oh! Email is invalid')).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
  });

  test('keeps the button disabled while the two-factor lookup is pending', async ({ page }) => {
    const answer = await holdRequests(page, apiPath(/\/has2fa$/));
    await page.goto('/app.login/login');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    answer();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('lets a password-only sign-in through when the two-factor lookup fails (ERROR)', async ({ page }) => {
    await prefer(page, /\/has2fa$/, 'code=500');
    await page.goto('/app.login/login');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
    await expect(page.getByRole('status')).toHaveText(
      'We could not check this account right now; you can still sign in with your password.',
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dash\/redirect$/);
  });

  test('asks for the six-digit code when the account has two-factor authentication', async ({ page }) => {
    await prefer(page, /\/has2fa$/, 'example=enabled');
    const logins = recordCalls(page, 'POST', /^\/login$/);
    await submitLogin(page, 'grace@example.com', 'Correct-Horse-9');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login with MFA');
    expect(logins).toHaveLength(0);
    const code = page.getByLabel('Six-digit code');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expectAccessible(page);
    await code.fill('12345');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByText('Uh oh! Token must be 6 digits')).toBeVisible();
    expect(logins).toHaveLength(0);

    await code.fill('123456');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/dash\/redirect$/);
    expect(logins).toEqual([{ email: 'grace@example.com', password: 'Correct-Horse-9', timeBasedToken: '123456' }]);
  });

  test('takes a pasted code with spaces and signs in at once', async ({ page }) => {
    await prefer(page, /\/has2fa$/, 'example=enabled');
    const logins = recordCalls(page, 'POST', /^\/login$/);
    await submitLogin(page, 'grace@example.com', 'Correct-Horse-9');
    const code = page.getByLabel('Six-digit code');
    await code.evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, '123 456');
    await expect(page).toHaveURL(/\/dash\/redirect$/);
    expect(logins).toEqual([{ email: 'grace@example.com', password: 'Correct-Horse-9', timeBasedToken: '123456' }]);
  });

  test('shows the password on request, says when Caps Lock is on, and still takes a password manager’s fill', async ({
    page,
  }) => {
    const logins = recordCalls(page, 'POST', /^\/login$/);
    await page.goto('/app.login/login');
    await page.getByLabel('Email').fill('ada@example.com');
    const password = page.getByLabel('Password', { exact: true });
    // A password manager fills the field as any password field: by its type, name and autocomplete.
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await password.fill('Correct-Horse-9');
    const show = page.getByRole('button', { name: 'Show password' });
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await show.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveValue('Correct-Horse-9');
    await expect(password).toHaveAttribute('spellcheck', 'false');
    // The button is a WCAG 2.2 target: at least 24 px square.
    const box = await show.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);
    await show.click();
    await expect(password).toHaveAttribute('type', 'password');

    // Caps Lock, as the browser reports it on a key event (a test cannot press the real key).
    const capsKey = (capsLock: boolean) =>
      password.evaluate((input, on) => {
        const init = { key: on ? 'A' : 'a', bubbles: true, modifierCapsLock: on } as KeyboardEventInit;
        input.dispatchEvent(new KeyboardEvent('keydown', init));
        input.dispatchEvent(new KeyboardEvent('keyup', init));
      }, capsLock);
    await password.focus();
    await capsKey(true);
    await expect(password).toHaveAccessibleDescription('Caps Lock is on.');
    await expectAccessible(page);
    await capsKey(false);
    await expect(password).toHaveAccessibleDescription('');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dash\/redirect$/);
    expect(logins).toEqual([{ email: 'ada@example.com', password: 'Correct-Horse-9' }]);
  });

  test('follows a dark system setting, keeps the blue gradient, and passes axe in it', async ({ page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: 'dark' });
    await prefer(page, /^\/login$/, 'code=401');
    await page.goto('/app.login/login');
    const card = page.locator('.card');
    await expect(card).toHaveCSS('background-color', 'rgb(17, 24, 39)');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundImage)).toContain('linear-gradient');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login failed! Invalid email and/or password.');
    await expectAccessible(page);
    // The other kinds of screen: a form with the password rules, an error screen with its warning.
    for (const path of ['/app.login/signup', '/app.login/reset', '/app.login/login/sso/invalid']) {
      await page.goto(path);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(card).toHaveCSS('background-color', 'rgb(17, 24, 39)');
      await expectAccessible(page);
    }
  });

  test('goes back from the code step to another account', async ({ page }) => {
    await prefer(page, /\/has2fa$/, 'example=enabled');
    await submitLogin(page, 'grace@example.com', 'Correct-Horse-9');
    await page.getByRole('button', { name: 'Use a different account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back! Sign in to the product');
    await expect(page.getByLabel('Email')).toHaveValue('grace@example.com');
  });

  test('fits a 320 px wide screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/app.login/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test('does not autofocus on a phone (no keyboard popping over the form)', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto('/app.login/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Email')).not.toBeFocused();
    await context.close();
  });
});
