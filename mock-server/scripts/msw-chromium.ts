// `npm run mock:msw-chromium`: the scripted session of issue 32 in Chromium, through MSW's real service worker and
// the twin in the page, against the same session through the twin in Node (msw/node): the journals and the answers
// must be the same. Also the time of one call through the service worker (ROUNDS calls). `npm test` holds Chromium's
// journal to the HTTP mock's in web/e2e/msw-parity.spec.ts, and Node's in test/control-api.test.ts.
import { isDeepStrictEqual } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '@runofshow/devkit/chromium';
import { setupServer } from 'msw/node';
import { mswSandbox } from '../src/msw/index.js';
import { webCryptoHasher } from '../src/sandbox/web-hasher.js';
import { serveTwinPage, type TwinRun } from '../test/support/msw-page.js';
import { comparable, session } from '../test/support/twin-session.js';

const ROUNDS = Number(process.env.ROUNDS ?? 100);

// Node: the twin behind msw/node.
const nodeBase = 'http://sandbox.msw.test';
const nodeTwin = await mswSandbox({ baseUrl: nodeBase, hasher: webCryptoHasher(1000) });
const server = setupServer(...nodeTwin.handlers);
server.listen({ onUnhandledRequest: 'bypass' });
const inNode = await session(nodeBase);
server.close();

const twinPage = await serveTwinPage(Number(process.env.MSW_CHROMIUM_PORT ?? 0));
console.log(`page built in ${(twinPage.buildMs / 1000).toFixed(1)} s`);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`page: ${error.message}`));
  await page.goto(twinPage.url);
  await page.waitForFunction(() => 'runTwin' in globalThis);
  const inChromium = await page.evaluate(
    (rounds) => (globalThis as unknown as { runTwin: (r: number) => Promise<TwinRun> }).runTwin(rounds),
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
  await twinPage.close();
}
