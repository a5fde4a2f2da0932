// `npm run budget -w @runofshow/web`: loads each sign-in route of the built app in Chromium and sums the gzip size of the
// JavaScript it downloaded (gzip -9 of each body, as a CDN would serve it). A measurement, not a test: it prints a
// table and flags a route over budget (BUDGET_FILES=1 also lists each route's files). Run `npm run build -w web` first.
// The budgets are for the first load, what a route downloads before the visitor does anything; the second column
// adds what the visitor's first input fetches (the TLD list, the API client, the captcha library), for the record.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, serveBuiltApp } from './stack.js';

const BUDGET_LOGIN_KB = 85;
const BUDGET_ROUTE_KB = 95;
const SITE_KEY = '10000000-ffff-ffff-ffff-000000000001';

interface RouteCase {
  path: string;
  /** What a visitor does there that loads more code (e.g. typing an e-mail fetches the TLD list). */
  interact?: (page: Page) => Promise<void>;
}

const typeEmail = async (page: Page) => {
  await page.getByLabel(/email/i).first().fill('ada@example.com');
};
const typePassword = async (page: Page) => {
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!Passw0rd');
};

const routes: RouteCase[] = [
  { path: '/app.login/login', interact: typeEmail },
  { path: '/app.login/login/sso', interact: typeEmail },
  { path: '/app.login/login/sso/invalid' },
  { path: '/app.login/signup', interact: typeEmail },
  {
    path: '/app.login/signup/invited/eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl',
    interact: typePassword,
  },
  { path: '/app.login/reset/3f9a8c7e2b1d?email=ada%40example.com' },
  { path: '/app.login/reset' },
  { path: '/app.login/forgot', interact: typeEmail },
  { path: '/app.login/verify/9c2e4f6a8b0d' },
  { path: '/app.login/no-such-page' },
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

// A site key makes the captcha screens load the hCaptcha library, as in production; its script host is answered
// with an empty script (it is a third party, outside this budget and unreachable here).
process.env.HCAPTCHA_SITEKEY ??= SITE_KEY;
const stack = await serveBuiltApp();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const rows: { route: string; first: number; after: number; sizes: Map<string, number> }[] = [];
try {
  for (const route of routes) {
    const page = await browser.newPage();
    await page.route('https://js.hcaptcha.com/**', (r) =>
      r.fulfill({ contentType: 'application/javascript', headers: { 'access-control-allow-origin': '*' }, body: '' }),
    );
    const seen = new Map<string, number>();
    const reading: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== stack.site.url || !url.pathname.endsWith('.js')) return;
      reading.push(
        response.body().then(
          (body) => void seen.set(url.pathname, gzipSync(body, { level: 9 }).length),
          () => undefined,
        ),
      );
    });
    const sum = async () => {
      await Promise.all(reading);
      return [...seen.values()].reduce((a, b) => a + b, 0);
    };
    await page.goto(`${stack.site.url}${route.path}`, { waitUntil: 'networkidle' });
    const first = await sum();
    if (route.interact) {
      await route.interact(page);
      // The load state is already 'networkidle'; give the chunks the typing asked for time to arrive.
      await page.waitForTimeout(1500);
    }
    rows.push({
      route: route.path.split('?')[0]?.slice(0, 48) ?? route.path,
      first,
      after: await sum(),
      sizes: seen,
    });
    await page.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}

console.log('\nJS loaded per route (gzip -9, KB)\n');
console.log(`${'route'.padEnd(50)} ${'first load'.padStart(10)} ${'+ typing'.padStart(10)} ${'files'.padStart(6)}`);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(50)} ${kb(row.first).padStart(10)} ${kb(row.after).padStart(10)} ${String(row.sizes.size).padStart(6)}`,
  );
}
if (process.env.BUDGET_FILES === '1') {
  for (const row of rows) {
    console.log(`\n${row.route}`);
    for (const [file, size] of [...row.sizes].sort((a, b) => b[1] - a[1]))
      console.log(`  ${kb(size).padStart(6)}  ${file}`);
  }
}
const login = rows.find((row) => row.route === '/app.login/login');
const largest = Math.max(...rows.map((row) => row.first));
console.log(`\n/login first load: ${kb(login?.first ?? 0)} KB (budget ${BUDGET_LOGIN_KB} KB)`);
console.log(`largest route:     ${kb(largest)} KB at first load (budget ${BUDGET_ROUTE_KB} KB)`);
if ((login?.first ?? 0) > BUDGET_LOGIN_KB * 1024) console.log('/login is OVER BUDGET');
if (largest > BUDGET_ROUTE_KB * 1024) console.log('the largest route is OVER BUDGET');
