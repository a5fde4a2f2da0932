// `npm run mock:msw-chromium`: the scripted session of issue 32 in Chromium, through MSW's real service worker and
// the twin in the page, against the same session through the twin in Node (msw/node): the journals and the answers
// must be the same (test/control-api.test.ts holds Node's to the HTTP mock's). Also the time of one call through the
// service worker. Not part of `npm test`: a Vite build and a browser, about 30 s on 2 cores.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '@runofshow/devkit/chromium';
import { setupServer } from 'msw/node';
import { build } from 'vite';
import { mswSandbox } from '../src/msw/index.js';
import { webCryptoHasher } from '../src/sandbox/web-hasher.js';
import { comparable, session } from '../test/support/twin-session.js';

const PORT = Number(process.env.MSW_CHROMIUM_PORT ?? 43517);
const ROUNDS = Number(process.env.ROUNDS ?? 100);
type Result = Awaited<ReturnType<typeof session>> & { p50: number; p95: number };

// Node: the twin behind msw/node.
const nodeBase = 'http://sandbox.msw.test';
const nodeTwin = await mswSandbox({ baseUrl: nodeBase, hasher: webCryptoHasher(1000) });
const server = setupServer(...nodeTwin.handlers);
server.listen({ onUnhandledRequest: 'bypass' });
const inNode = await session(nodeBase);
server.close();

const out = mkdtempSync(join(tmpdir(), 'msw-chromium-'));
const files: Record<string, [string, string]> = {};
try {
  await build({
    logLevel: 'error',
    configFile: false,
    resolve: { conditions: ['source', 'browser', 'module', 'import', 'default'] },
    build: {
      outDir: out,
      emptyOutDir: true,
      lib: {
        entry: fileURLToPath(new URL('./msw-chromium-page.ts', import.meta.url)),
        formats: ['es'],
        fileName: 'page',
      },
    },
  });
  files['/page.js'] = [join(out, 'page.js'), 'text/javascript'];
  files['/mockServiceWorker.js'] = [fileURLToPath(import.meta.resolve('msw/mockServiceWorker.js')), 'text/javascript'];
  writeFileSync(
    join(out, 'index.html'),
    '<!doctype html><title>twin</title><script type="module" src="/page.js"></script>',
  );
  files['/'] = [join(out, 'index.html'), 'text/html'];
  // A real origin: a service worker registers only from one, and WebCrypto needs localhost (a secure context).
  const http = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = files[path] ?? (/^\/[\w.-]+\.js$/.test(path) ? [join(out, path), 'text/javascript'] : undefined);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
  });
  await new Promise<void>((resolve) => http.listen(PORT, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error(`page: ${error.message}`));
    await page.goto(`http://localhost:${PORT}/`);
    await page.waitForFunction(() => 'runTwin' in globalThis);
    const inChromium = await page.evaluate(
      (rounds) => (globalThis as unknown as { runTwin: (r: number) => Promise<Result> }).runTwin(rounds),
      ROUNDS,
    );
    const journalsSame = isDeepStrictEqual(inChromium.journal.map(comparable), inNode.journal.map(comparable));
    const answersSame = isDeepStrictEqual(inChromium.answers, inNode.answers);
    console.log(
      `Chromium ${browser.version()}: ${inChromium.journal.length} journal entries, ${inChromium.answers.length} answers`,
    );
    console.log(`journal the same as in Node: ${journalsSame}; answers the same: ${answersSame}`);
    console.log(
      `one call through the service worker: p50 ${inChromium.p50.toFixed(2)} ms, p95 ${inChromium.p95.toFixed(2)} ms`,
    );
    if (!journalsSame || !answersSame) {
      console.log(
        JSON.stringify({ chromium: inChromium.journal.map(comparable), node: inNode.journal.map(comparable) }, null, 1),
      );
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    http.close();
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
