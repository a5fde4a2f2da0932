import { expect, type Page, test } from '@playwright/test';
import { ar, de, en, type Texts } from '../src/lib/i18n/whole.js';
import { expectAccessible } from './support/axe.js';

// Issue 34 "every visitor's language", against the sandbox. Each locale's texts are chunks of their own, by screen:
// which a page fetched is read from the network, by the build's file names (assets/i18n-de-core-….js).
const textsChunks = (page: Page) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const found = /\/assets\/i18n-(\w+-\w+)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (found?.[1]) fetched.push(found[1]);
  });
  return fetched;
};

const outbox = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 4110}/outbox/`;

test.describe('the browser’s language', () => {
  test('English: no other locale’s texts are fetched', async ({ page }) => {
    const fetched = textsChunks(page);
    await page.goto('/app.login/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.loginTitle);
    await page.getByLabel(en.email).fill('ada@example.com');
    await expect(page.getByRole('button', { name: en.signIn, exact: true })).toBeEnabled();
    // English comes in parts as every locale does (a German visitor fetches German ones instead).
    expect(fetched.sort()).toEqual(['en-core', 'en-login']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test.describe('German', () => {
    test.use({ locale: 'de-DE' });
    test('is chosen from the browser, fetches only its own texts, and says §5 and §8 in German', async ({ page }) => {
      const fetched = textsChunks(page);
      await page.goto('/app.login/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.loginTitle);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await page.getByLabel(de.email).fill('ada@example');
      await page.getByLabel(de.password, { exact: true }).focus();
      await expect(page.getByText(de.emailInvalid)).toBeVisible();
      await page.getByLabel(de.email).fill('wrong@example.com');
      await page.getByLabel(de.password, { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: de.signIn, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(de.loginFailed);
      await expectAccessible(page);
      expect(fetched.sort()).toEqual(['de-core', 'de-login']);
    });
  });

  test.describe('German, from the first paint', () => {
    test.use({ locale: 'de-DE' });
    test('/login arrives in German: never an English heading, and nothing moves as the script starts', async ({
      page,
    }) => {
      // Every heading the page ever shows, from the first byte parsed, and the layout shifts (CLS's entries).
      await page.addInitScript(() => {
        const seen: string[] = [];
        const titles: string[] = [];
        const shifts: number[] = [];
        Object.assign(window, { seenHeadings: seen, seenTitles: titles, layoutShifts: shifts });
        new MutationObserver(() => {
          const text = document.querySelector('h1')?.textContent;
          if (text && seen.at(-1) !== text) seen.push(text);
          if (document.title && titles.at(-1) !== document.title) titles.push(document.title);
        }).observe(document, { subtree: true, childList: true, characterData: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/app.login/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.loginTitle);
      await page.getByLabel(de.email).fill('ada@example.com');
      await expect(page.getByRole('button', { name: de.signIn, exact: true })).toBeEnabled();
      const { headings, titles, shifts } = await page.evaluate(() => ({
        headings: (window as unknown as { seenHeadings: string[] }).seenHeadings,
        titles: (window as unknown as { seenTitles: string[] }).seenTitles,
        shifts: (window as unknown as { layoutShifts: number[] }).layoutShifts,
      }));
      expect(headings).toEqual([de.loginTitle]);
      // The tab's title too, from the first byte: the pre-rendered page carries it in German.
      expect(titles).toEqual([`${de.loginTitle} · Run of Show`]);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
    });
  });

  test.describe('chosen in localStorage only (before the switch also wrote a cookie)', () => {
    /** Every heading and title any document of this tab shows, kept across a reload in sessionStorage. */
    const watchAcrossDocuments = (page: Page) =>
      page.addInitScript(() => {
        localStorage.setItem('runofshow.locale', 'de');
        const read = () => JSON.parse(sessionStorage.getItem('seen') ?? '{"headings":[],"titles":[],"switch":[]}');
        new MutationObserver(() => {
          const seen = read() as { headings: string[]; titles: string[]; switch: string[] };
          const text = document.querySelector('h1')?.textContent;
          if (text && seen.headings.at(-1) !== text) seen.headings.push(text);
          // The language switch's label, on screen before any screen's heading (outside the screens' Suspense).
          const label = document.querySelector('label[for="locale-switch"]')?.textContent;
          if (label && seen.switch.at(-1) !== label) seen.switch.push(label);
          if (document.title && seen.titles.at(-1) !== document.title) seen.titles.push(document.title);
          sessionStorage.setItem('seen', JSON.stringify(seen));
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
    const seen = (page: Page) =>
      page.evaluate(
        () => JSON.parse(sessionStorage.getItem('seen') ?? '{}') as { headings: string[]; titles: string[] },
      );

    test('/login: the page is asked for once more, with the cookie, and never shows English', async ({
      page,
      context,
    }) => {
      await watchAcrossDocuments(page);
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
      });
      await page.goto('/app.login/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.loginTitle);
      await page.getByLabel(de.email).fill('ada@example.com');
      await expect(page.getByRole('button', { name: de.signIn, exact: true })).toBeEnabled();
      expect(await seen(page)).toEqual({
        headings: [de.loginTitle],
        titles: [`${de.loginTitle} · Run of Show`],
        switch: [de.language],
      });
      expect(documents).toEqual(['/app.login/login', '/app.login/login']);
      // From now on the host sees the choice: the next visit is one request.
      expect((await context.cookies()).find((cookie) => cookie.name === 'runofshow.locale')?.value).toBe('de');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.loginTitle);
      expect(documents).toHaveLength(3);
    });

    test('a screen the app renders from empty starts in it, its <title> too, from the first byte', async ({ page }) => {
      await watchAcrossDocuments(page);
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
      });
      await page.goto('/app.login/forgot');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.forgotTitle);
      await expect(page).toHaveTitle(`${de.forgotTitle} · Run of Show`);
      // The page the host sent first (English: it could not see the choice) stops in <head>, before its <title>.
      expect(await seen(page)).toEqual({
        headings: [de.forgotTitle],
        titles: [`${de.forgotTitle} · Run of Show`],
        switch: [de.language],
      });
      expect(documents).toEqual(['/app.login/forgot', '/app.login/forgot']);
    });
  });

  test.describe('Arabic', () => {
    test.use({ locale: 'ar-EG' });
    test('is right to left, and the lockout wait is in Arabic digits (Intl)', async ({ page }) => {
      await page.goto('/app.login/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.loginTitle);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.getByLabel(ar.email).fill('locked@example.com');
      await page.getByLabel(ar.password, { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: ar.signIn, exact: true }).click();
      await expect(page.getByRole('alert')).toContainText(ar.lockout);
      // 30:00 or 29:5x, in the digits Intl gives Arabic here (Latin in this Chromium's ICU, Arabic-Indic in others).
      const digits = await page.evaluate(() => new Intl.NumberFormat('ar').format(30));
      await expect(page.locator('.countdown')).toHaveText(
        new RegExp(`^يمكنك المحاولة مرة أخرى بعد ${digits}:|٢٩:|29:`),
      );
      await expectAccessible(page);
    });
  });
});

test('every page’s <title> is in the visitor’s language from the first byte, pre-rendered /login’s too', async ({
  request,
}) => {
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
  for (const [lang, texts] of [
    ['en', en],
    ['de', de],
    ['ar', ar],
  ] as const) {
    const headers = { 'accept-language': lang };
    const login = await (await request.get('/app.login/login', { headers })).text();
    expect(titleOf(login)).toBe(`${texts.loginTitle} · Run of Show`);
    // Any other route's page: its own screen's title, before the screen is there to set it.
    const forgot = await (await request.get('/app.login/forgot', { headers })).text();
    expect(titleOf(forgot)).toBe(`${texts.forgotTitle} · Run of Show`);
  }
});

test('the switch is on every screen, and the choice is remembered over the browser’s language', async ({ page }) => {
  await page.goto('/app.login/login');
  await page.getByRole('combobox', { name: en.language }).selectOption('de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.loginTitle);
  await page.getByRole('link', { name: de.forgotLink }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.forgotTitle);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.forgotTitle);
  await page.getByRole('combobox', { name: de.language }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.forgotTitle);
});

// Every screen in the 40 %-longer pseudo-locale and in Arabic, on a 320 px phone and a desktop: nothing wider than
// the screen, the card's edges on it. A screen that fails leaves its full-page screenshot in the test's output;
// `npm run test:layout-shots` keeps one of every screen (and of each walk's pages) to look at by hand. Taking all 66
// in every `npm test` cost about 9 CPU-s, for files nobody opened.
const SHOTS = Boolean(process.env.LAYOUT_SHOTS);
const SCREENS = [
  '/app.login/login',
  '/app.login/login/sso',
  '/app.login/login/sso/need-invite',
  '/app.login/signup',
  '/app.login/forgot',
  '/app.login/reset/some-token?email=ada%40example.com',
  '/app.login/reset',
  '/app.login/verify/failing-verification-token',
  '/app.login/signup/invited/expired-invite-token',
  '/app.login/no-such-page',
];

// One load per screen and language: opened on the phone, then the same window widened to the desktop (a page's CSS
// and its media queries follow the window; 30 loads instead of 60).
const WIDTHS = [320, 1280];
for (const lang of ['en-XA', 'ar', 'de'] as const) {
  test(`the layout holds in ${lang} at ${WIDTHS.join(' and ')} px`, async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    for (const screen of SCREENS) {
      await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 800 });
      const url = `${screen}${screen.includes('?') ? '&' : '?'}lang=${lang}`;
      const sent = await (await page.goto(url))?.text();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      // The page arrived with the <title> its screen then sets (the host's table, server/src/page-title.ts, and the
      // app's routes agree), in the pages the build writes (not the pseudo-locale, which the app alone makes).
      if (lang !== 'en-XA') expect(/<title>([^<]*)<\/title>/.exec(sent ?? '')?.[1], url).toBe(await page.title());
      const name = screen.replace(/^\/app\.login\//, '').replace(/[^\w]+/g, '-');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(() => {
          const card = document.querySelector('.card')?.getBoundingClientRect();
          return {
            width: window.innerWidth,
            page: document.documentElement.scrollWidth - window.innerWidth,
            card: card ? card.left < 0 || card.right > window.innerWidth : true,
          };
        });
        const holds = overflow.width === width && overflow.page === 0 && !overflow.card;
        if (SHOTS || !holds) {
          await page.screenshot({ path: testInfo.outputPath(`${lang}-${width}-${name}.png`), fullPage: true });
        }
        expect(overflow, `${url} at ${width} px`).toEqual({ width, page: 0, card: false });
      }
    }
  });
}

// Each locale's walk through the sandbox: sign up, the verification mail, verified, sign in; a screenshot per page
// under `npm run test:layout-shots`.
for (const [lang, texts] of [
  ['de', de],
  ['ar', ar],
] as [string, Texts][]) {
  test.describe(`a visitor in ${lang}`, () => {
    test.use({ locale: lang });
    test('signs up, verifies from the mail and signs in', async ({ page }, testInfo) => {
      test.setTimeout(60_000);
      const shot = async (name: string) => {
        if (SHOTS) await page.screenshot({ path: testInfo.outputPath(`walk-${lang}-${name}.png`) });
      };
      const email = `walk.${lang}.${Date.now().toString(36)}@example.com`;
      await page.goto('/app.login/signup');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.signupTitle);
      await page.getByLabel(texts.firstName).fill('Ada');
      await page.getByLabel(texts.lastName).fill('Lovelace');
      await page.getByLabel(texts.workEmail).fill(email);
      await page.getByLabel(texts.password, { exact: true }).fill('Correct-Horse-9');
      await page.getByLabel(texts.companyName).fill('Analytical Engines');
      await shot('1-signup');
      await page.getByRole('button', { name: texts.createAccount }).click();
      await expect(page).toHaveURL(/\/dash\//);

      await page.goto(outbox);
      const mail = page
        .getByRole('article')
        .filter({ has: page.getByTestId('recipient').getByText(email, { exact: true }) });
      await mail.getByRole('link').click();
      await expect(page.getByText(texts.verifiedTitle)).toBeVisible();
      await shot('2-verified');

      await page.goto('/app.login/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.loginTitle);
      await page.getByLabel(texts.email).fill(email);
      await page.getByLabel(texts.password, { exact: true }).fill('Correct-Horse-9');
      await expect(page.getByRole('button', { name: texts.signIn, exact: true })).toBeEnabled();
      await shot('3-login');
      await page.getByRole('button', { name: texts.signIn, exact: true }).click();
      await expect(page).toHaveURL(/\/dash\/redirect$/);
    });
  });
}
