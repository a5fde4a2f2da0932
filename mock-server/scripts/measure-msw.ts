// `npm run mock:measure-msw`: the MSW twin's handler time per call (issue 32), in Node and in Chromium (Debian's,
// through Playwright; on localhost, a secure context, as WebCrypto needs), on the same page code (msw-measure-page.ts), same rounds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '@runofshow/devkit/chromium';
import { build } from 'vite';
import { type Figures, measure } from './msw-measure-page.js';

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const print = (where: string, figures: Figures) => {
  console.log(`${where}: start ${figures.startMs.toFixed(0)} ms`);
  for (const [name, f] of Object.entries(figures.calls)) {
    console.log(`  ${name}: p50 ${f.p50.toFixed(2)} ms, p95 ${f.p95.toFixed(2)} ms`);
  }
};

print('Node', await measure(ROUNDS));

const out = mkdtempSync(join(tmpdir(), 'msw-measure-'));
try {
  await build({
    logLevel: 'error',
    configFile: false,
    resolve: { conditions: ['source', 'browser', 'module', 'import', 'default'] },
    build: {
      outDir: out,
      emptyOutDir: true,
      lib: {
        entry: fileURLToPath(new URL('./msw-measure-page.ts', import.meta.url)),
        formats: ['es'],
        fileName: 'page',
      },
    },
  });
  writeFileSync(join(out, 'index.html'), '<!doctype html><script type="module" src="/page.js"></script>');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    await page.route('http://localhost:43517/**', (route) => {
      const name = new URL(route.request().url()).pathname.slice(1) || 'index.html';
      const type = name.endsWith('.html') ? 'text/html' : 'text/javascript';
      return route.fulfill({ body: readFileSync(join(out, name)), contentType: type });
    });
    await page.goto('http://localhost:43517/index.html');
    await page.waitForFunction(() => 'measureMsw' in globalThis);
    const figures = await page.evaluate(
      (rounds) => (globalThis as unknown as { measureMsw: (r: number) => Promise<Figures> }).measureMsw(rounds),
      ROUNDS,
    );
    print(`Chromium ${browser.version()}`, figures);
  } finally {
    await browser.close();
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
