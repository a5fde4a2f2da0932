// `npm run lighthouse -w @runofshow/web`: Lighthouse 12.8 (programmatic) on the built /app.login/login in Debian's Chromium,
// mobile emulation and throttling as Lighthouse defaults; prints the performance, accessibility and best-practices
// scores. A measurement, not a test. Run `npm run build -w web` first; LH_JSON=<file> also writes the full report.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS, serveBuiltApp } from './stack.js';

const stack = await serveBuiltApp();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? CHROMIUM,
  chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
});
try {
  const url = `${stack.site.url}/app.login/login`;
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { categories, audits } = result.lhr;
  if (process.env.LH_JSON) (await import('node:fs')).writeFileSync(process.env.LH_JSON, JSON.stringify(result.lhr));
  if (result.lhr.runtimeError) console.log(`Lighthouse runtime error: ${result.lhr.runtimeError.message}`);
  for (const warning of result.lhr.runWarnings) console.log(`Lighthouse warning: ${warning}`);
  console.log(`\nLighthouse ${result.lhr.lighthouseVersion} on ${url}\n`);
  for (const id of ['performance', 'accessibility', 'best-practices']) {
    const score = categories[id]?.score;
    console.log(
      `${(categories[id]?.title ?? id).padEnd(16)} ${score === null || score === undefined ? '—' : Math.round(score * 100)}`,
    );
  }
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ]) {
    console.log(`  ${(audits[id]?.title ?? id).padEnd(28)} ${audits[id]?.displayValue ?? '—'}`);
  }
  const failing = Object.values(categories)
    .flatMap((category) => category.auditRefs)
    .map((ref) => audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
  if (failing.length) console.log(`\nNot passing: ${failing.map((audit) => audit?.id).join(', ')}`);
} finally {
  await chrome.kill();
  await stack.stop();
}
