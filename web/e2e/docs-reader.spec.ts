import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

// Issue 28: the reference page as its readers see it, read in Chromium. Readers see the product's servers only, no
// word about how the project is built (npm, the mock, the bundle's files, vendor extensions), and each operation's
// proxy-mode address, in its text and as the "Proxy" tab of its code samples. Redoc renders one operation at a time:
// the pages of a sample are opened here (each group's first operation, and every upload), and
// openapi/test/reader-facing.test.ts and proxy-sample.test.ts hold the address and the tab for every operation. Opening all 308 took 14 minutes on a loaded machine, past the whole of \`npm test\`'s time.
const bundle = JSON.parse(readFileSync(new URL('../../openapi/dist/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string; tags?: string[]; 'x-proxy'?: string }>>;
};
const operations = Object.values(bundle.paths).flatMap((item) =>
  Object.values(item).flatMap((op) =>
    op.operationId ? [{ id: op.operationId, tag: op.tags?.[0] ?? '', proxy: op['x-proxy'] ?? '' }] : [],
  ),
);
const tags = [...new Set(operations.map((op) => op.tag))];
const sample = (tag: string) =>
  operations.filter(
    (op, index, all) =>
      op.tag === tag && (all.findIndex((o) => o.tag === tag) === index || op.proxy.includes('/upload/')),
  );

const INTERNAL_SERVER = /127\.0\.0\.1|localhost|Prism|\bmock\b/i;
const BUILD_WORDS =
  /\bnpm\b|\bvitest\b|source of truth|this description|dist\/|\.yaml\b|DECISIONS|repository|x-(proxy|upload|write|internal|codeSamples)\b/i;

const text = (page: Page) => page.evaluate(() => document.body.innerText);

/** The page's words a reader should never meet, or an empty list. */
async function strayWords(page: Page): Promise<string[]> {
  const words = await text(page);
  return [INTERNAL_SERVER, BUILD_WORDS].flatMap((pattern) => {
    const found = pattern.exec(words);
    return found ? [`${found[0]} in …${words.slice(Math.max(0, found.index - 60), found.index + 60)}…`] : [];
  });
}

/** The front page lists the production server only and talks to readers, not to the project. */
async function frontPageIsForReaders(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: /Run of Show API/ }).first()).toBeVisible();
  await expect(page.getByText('https://api.runofshow.dev').first()).toBeVisible();
  expect(await strayWords(page)).toEqual([]);
  await page.getByRole('link', { name: 'Proxy mode' }).first().click();
  await expect(page.getByText('Every operation below can also be called in proxy mode')).toBeVisible();
  expect(await strayWords(page)).toEqual([]);
}

// One page load for the front page and the whole sample: the page is 3.7 MB, and each load builds Redoc's search
// index again (about 3 CPU-s).
test('the front page talks to readers, and each operation of the sample shows its proxy address', async ({ page }) => {
  const ofSample = tags.flatMap((tag) => sample(tag));
  test.setTimeout(30_000 + ofSample.length * 10_000);
  await page.goto('/docs/');
  await test.step('the front page lists the production server only and talks to readers, not to the project', () =>
    frontPageIsForReaders(page));
  const missing: string[] = [];
  let proxyTab = false;
  const shows = (line: string, timeout: number) =>
    page
      .waitForFunction((wanted) => document.body.innerText.includes(wanted), line, { timeout })
      .then(
        () => true,
        () => false,
      );
  for (const op of ofSample) {
    const hash = `#/${op.tag}/${op.id}`;
    const line = `Proxy mode: ${op.proxy}`;
    await page.evaluate((to) => {
      location.hash = to;
    }, hash);
    // Following a link within the page is the quick way; on a busy machine Redoc sometimes keeps the previous
    // operation after it, and a reader would open the operation's address afresh.
    let shown = await shows(line, 8000);
    if (!shown) {
      await page.goto(`/docs/${hash}`);
      shown = await shows(line, 15_000);
    }
    if (!shown) missing.push(`${op.id}: ${op.proxy}`);
    if (!proxyTab) {
      // The code samples show one tab at a time, chosen once for the page: the proxy call's.
      await page.getByRole('button', { name: 'SDK', exact: true }).first().click();
      await page.getByRole('menuitem', { name: 'Proxy', exact: true }).first().click();
      proxyTab = true;
    }
    // Its proxy call as a sample a reader can copy, in the tab beside the SDK call.
    const curl = `curl -X POST "$APP_ORIGIN${op.proxy.replace(/^POST /, '')}"`;
    if (!(await shows(curl, 5000))) missing.push(`${op.id}: no proxy tab with ${curl}`);
    const stray = await strayWords(page);
    if (stray.length) missing.push(`${op.id}: ${stray.join('; ')}`);
  }
  expect(ofSample.length).toBeGreaterThanOrEqual(tags.length);
  expect(missing).toEqual([]);
});
