// `npm run budget -w @runofshow/web`: loads each sign-in route of the built app in Chromium and sums the gzip size of the
// JavaScript it downloaded (gzip -9 of each body, as a CDN would serve it), prints a table (BUDGET_FILES=1 also lists
// each route's files) and exits 1 when a route is over its budget: a step of `npm test`, right after the build. Run
// `npm run build -w sdk -w web` first. The budgets are for the first load, what a route downloads before the visitor
// does anything; the second column adds what the visitor's first input fetches (the TLD list, the API client, the
// captcha library), for the record. Byte counts do not depend on timing, so the routes load side by side.
// Every route is loaded once per locale (issue 34), the browser's language set to it: the catalogue comes in parts by
// locale and screen (i18n-<locale>-<part>-….js), so a visitor downloads their own language's texts of the screen they
// open and no other language's (checked too). The budgets are the same in every locale.
// §9 monitoring is on (RUM_ENDPOINT set, its collector answered here) and the session drawn for replay, so every
// route loads the monitor and the replay recorder (rum-….js) as a sampled visitor's does: they load after the page's
// load event (checked), are not part of the first load, and are shown in a column of their own.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_SHELL, serveBuiltApp } from './stack.js';

const BUDGET_LOGIN_KB = 85;
const BUDGET_ROUTE_KB = 95;
const SITE_KEY = '10000000-ffff-ffff-ffff-000000000001';
const LOCALES = ['en', 'de', 'ar'] as const;
type Locale = (typeof LOCALES)[number];
/** The locale of a part of the catalogue, by the name the build gives it (src/lib/i18n/<locale>/<part>.ts). */
const textsChunk = (file: string) => /\/assets\/i18n-(\w+)-\w+-[\w-]+\.js$/.exec(file)?.[1];
/** §9 monitoring's chunks, by the name the build gives them (vite.config.ts). */
const isMonitoring = (file: string) => /\/assets\/rum-[\w-]+\.js$/.test(file);
const RUM_ENDPOINT = 'https://rum.budget.invalid/collect';

interface RouteCase {
  path: string;
  /** What a visitor does there that loads more code (e.g. typing an e-mail fetches the TLD list). */
  interact?: (page: Page) => Promise<void>;
}

const typeEmail = async (page: Page) => {
  // By what the fields are, not their labels: the labels are in the visitor's language.
  await page.locator('input[type="email"]:not([readonly])').first().fill('ada@example.com');
};
const typePassword = async (page: Page) => {
  await page.locator('input[name="password"]').fill('Str0ng!Passw0rd');
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

/** Pages open at once: a few, so two cores load them in a few seconds without starving the host. */
const AT_ONCE = 5;

interface Row {
  route: string;
  locale: Locale;
  path: string;
  first: number;
  after: number;
  /** The monitor and the replay recorder, loaded after the page's load event. */
  monitoring: number;
  /** Monitoring chunks that started before the load event ended (none may). */
  early: string[];
  sizes: Map<string, number>;
}

// A site key makes the captcha screens load the hCaptcha library, as in production; its script host is answered
// with an empty script (it is a third party, outside this budget and unreachable here).
process.env.HCAPTCHA_SITEKEY ??= SITE_KEY;
/** A page's requests: how many are in flight, and when one last started or ended. */
interface Network {
  inFlight: number;
  lastActivity: number;
}

/** No request in flight for this long: what the page asked for on its own has all arrived. */
const QUIET_MS = 500;

/**
 * Waits until the screen is there (its heading shown, no form busy: the invited sign-up has its invitation) and then
 * no request has been in flight for QUIET_MS. Playwright's 'networkidle' alone ends too early on a loaded machine,
 * before a lazy screen has even asked for its chunk.
 */
async function settled(page: Page, network: Network): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  const until = Date.now() + 15_000;
  while (network.inFlight > 0 || Date.now() - network.lastActivity < QUIET_MS) {
    if (Date.now() > until) throw new Error(`${page.url()}: the network never went quiet`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Gzipped bytes at level 9, each file compressed once: the same chunks load on most of the routes in every locale,
 * and compressing them again for each page was a fifth of this script's CPU (issue 27). Keyed by the bytes' digest.
 */
const gzipped = new Map<string, number>();
function gzipSize(bytes: Buffer | string): number {
  const key = createHash('sha256').update(bytes).digest('base64');
  let size = gzipped.get(key);
  if (size === undefined) {
    size = gzipSync(bytes, { level: 9 }).length;
    gzipped.set(key, size);
  }
  return size;
}

const stack = await serveBuiltApp({ rumEndpoint: RUM_ENDPOINT });
const browser = await chromium.launch({ executablePath: CHROMIUM_SHELL, args: CHROMIUM_FLAGS });

async function measure(route: RouteCase, locale: Locale): Promise<Row> {
  const page = await browser.newPage({ locale });
  try {
    await page.route('https://js.hcaptcha.com/**', (r) =>
      r.fulfill({ contentType: 'application/javascript', headers: { 'access-control-allow-origin': '*' }, body: '' }),
    );
    await page.route(`${RUM_ENDPOINT}*`, (r) => r.fulfill({ status: 204 }));
    // A page that leaves for the main application (a verified e-mail goes on to /dash/redirect after 3 seconds) stays
    // where it is: a navigation answered 204 commits nothing. On a loaded machine a measurement outlasted those 3
    // seconds and measured the placeholder page instead, or met "Execution context was destroyed" (seen with a 4 s
    // pause after the verify page settled: "…/dash/redirect: the replay recorder never loaded"; none with this).
    await page.route(`${stack.site.url}/dash/**`, (r) => r.fulfill({ status: 204 }));
    // The session's draw, as a sampled one's (src/lib/monitoring/sampling.ts): the replay recorder loads too.
    await page.addInitScript({
      content: `sessionStorage.setItem('runofshow.rum', '{"id":"budget","monitored":true,"replay":true}')`,
    });
    const seen = new Map<string, number>();
    const reading: Promise<void>[] = [];
    const network: Network = { inFlight: 0, lastActivity: Date.now() };
    const count = (change: number) => () => {
      network.inFlight += change;
      network.lastActivity = Date.now();
    };
    page.on('request', count(1));
    page.on('requestfinished', count(-1));
    page.on('requestfailed', count(-1));
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== stack.site.url || !url.pathname.endsWith('.js')) return;
      reading.push(
        response.body().then(
          (body) => void seen.set(url.pathname, gzipSize(body)),
          () => undefined,
        ),
      );
    });
    const sum = async (monitoring = false) => {
      await Promise.all(reading);
      return [...seen].filter(([file]) => isMonitoring(file) === monitoring).reduce((a, [, size]) => a + size, 0);
    };
    await page.goto(`${stack.site.url}${route.path}`);
    await settled(page, network);
    // The recorder is the last thing monitoring loads (the monitor fetches it): once it is here, so is the rest.
    // (Browser code as text: this script is type-checked without the DOM's types.)
    // (page.evaluate, not waitForFunction: the page's CSP refuses the eval the latter needs.)
    const recorderHere = `performance.getEntriesByType('resource').some((e) => /\\/assets\\/rum-replay-/.test(e.name))`;
    for (const until = Date.now() + 15_000; !(await page.evaluate<boolean>(recorderHere)); ) {
      if (Date.now() > until) throw new Error(`${page.url()}: the replay recorder never loaded`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await settled(page, network);
    // A page's inline scripts run on its first load too (every page's few lines in <head>, scripts/head-scripts.ts):
    // counted as one more file.
    const inline = await page.evaluate<string[]>('[...document.scripts].filter((s) => !s.src).map((s) => s.text)');
    if (inline.length > 0) seen.set('(inline scripts)', gzipSize(inline.join('\n')));
    const first = await sum();
    const early = await page.evaluate<string[]>(`(() => {
      const loaded = performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0;
      return performance
        .getEntriesByType('resource')
        .filter((e) => /\\/assets\\/rum-/.test(e.name) && (loaded === 0 || e.startTime < loaded))
        .map((e) => new URL(e.name).pathname);
    })()`);

    if (route.interact) {
      await route.interact(page);
      await settled(page, network);
    }
    return {
      route: route.path.split('?')[0]?.slice(0, 44) ?? route.path,
      locale,
      path: route.path,
      first,
      after: await sum(),
      monitoring: await sum(true),
      early,
      sizes: seen,
    };
  } finally {
    await page.close();
  }
}

/** /login: 85 KB in every locale, its texts included; any other route: 95 KB in every locale. */
const budgetOf = (row: Row) => (row.path === '/app.login/login' ? BUDGET_LOGIN_KB : BUDGET_ROUTE_KB);

const rows: Row[] = [];
try {
  // A few pages at a time, each next route starting as one ends; the table keeps the routes' order.
  const cases = LOCALES.flatMap((locale) => routes.map((route) => ({ route, locale })));
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < cases.length; at = next++) {
      const { route, locale } = cases[at] as { route: RouteCase; locale: Locale };
      rows[at] = await measure(route, locale);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
} finally {
  await browser.close();
  await stack.stop();
}

console.log('\nJS loaded per route (gzip -9, KB)\n');
console.log(
  `${'route'.padEnd(45)} ${'locale'.padEnd(6)} ${'first load'.padStart(10)} ${'headroom B'.padStart(10)} ${'+ typing'.padStart(10)} ${'monitoring'.padStart(10)} ${'files'.padStart(6)}`,
);
for (const row of rows) {
  const headroom = budgetOf(row) * 1024 - row.first;
  console.log(
    `${row.route.padEnd(45)} ${row.locale.padEnd(6)} ${kb(row.first).padStart(10)} ${String(headroom).padStart(10)} ${kb(row.after).padStart(10)} ${kb(row.monitoring).padStart(10)} ${String(row.sizes.size).padStart(6)}`,
  );
}
if (process.env.BUDGET_FILES === '1') {
  for (const row of rows) {
    console.log(`\n${row.route} (${row.locale})`);
    for (const [file, size] of [...row.sizes].sort((a, b) => b[1] - a[1]))
      console.log(`  ${kb(size).padStart(6)}  ${file}`);
  }
}
const over = rows.filter((row) => row.first > budgetOf(row) * 1024);
const logins = rows.filter((row) => row.path === '/app.login/login');
const largest = Math.max(...rows.map((row) => row.first));
for (const login of logins) {
  console.log(`\n/login first load (${login.locale}): ${kb(login.first)} KB (budget ${BUDGET_LOGIN_KB} KB)`);
}
console.log(`largest route:     ${kb(largest)} KB at first load (budget ${BUDGET_ROUTE_KB} KB)`);
// Each visitor downloads the texts of their own language and no other's; a German or Arabic visitor some of them.
for (const row of rows) {
  const locales = [...new Set([...row.sizes.keys()].map(textsChunk).filter(Boolean))];
  const wrong = locales.filter((locale) => locale !== row.locale);
  if (wrong.length > 0 || (row.locale !== 'en' && locales.length === 0)) {
    console.error(`\n✗ ${row.route} (${row.locale}) loaded the texts of [${locales.join(', ')}]`);
    process.exitCode = 1;
  }
}
if (logins.length !== LOCALES.length || rows.length !== routes.length * LOCALES.length) {
  console.error('\n✗ not every route was measured');
  process.exitCode = 1;
}
for (const row of rows.filter((row) => row.monitoring === 0 || row.early.length > 0)) {
  const why = row.monitoring === 0 ? 'loaded no monitoring' : `loaded ${row.early.join(', ')} before its load event`;
  console.error(`\n✗ ${row.route} (${row.locale}) ${why}`);
  process.exitCode = 1;
}
for (const row of over) {
  console.error(
    `\n✗ ${row.route} (${row.locale}) is OVER BUDGET: ${kb(row.first)} KB at first load, budget ${kb(budgetOf(row) * 1024)} KB`,
  );
  process.exitCode = 1;
}
