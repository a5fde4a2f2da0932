// Issue 32: the scripted session (a sign-up, a sign-in, a team, an event, a show, a bad request, faults on three
// calls) in Chromium, through MSW's real service worker and the sandbox's twin in the page, gives the HTTP mock's
// journal, field for field but for times, ids and transport, and its answers. The HTTP mock here is a stack of its
// own (the sandbox behind the real Prism on the real bundle): the session resets the sandbox and adds fault rules,
// which the stack every other spec shares must never see. One page, loaded once.
import { expect, test } from '@playwright/test';
import { freePort } from '@runofshow/mock-server/free-port';
import { type RunningStack, startStack } from '@runofshow/mock-server/stack';
import { serveTwinPage, type TwinPage, type TwinRun } from '@runofshow/mock-server/test-support/msw-page';
import { comparable, session } from '@runofshow/mock-server/test-support/twin-session';

let stack: RunningStack | undefined;
let twinPage: TwinPage | undefined;

test.beforeAll(async () => {
  // Prism on the full description and the sandbox, beside the page's build: 5–10 s at rest, and well over 20 s on a
  // loaded 2-core machine (the dev-server spec allows its own start 90 s).
  test.setTimeout(90_000);
  [stack, twinPage] = await Promise.all([
    startStack({ mockPort: await freePort(), sandbox: true, log: () => {}, onExchange: () => {} }),
    serveTwinPage(),
  ]);
});

test.afterAll(async () => {
  await Promise.all([stack?.stop(), twinPage?.close()]);
});

test('the scripted session in Chromium behind MSW’s service worker gives the HTTP mock’s journal and answers', async ({
  page,
}) => {
  if (!stack || !twinPage) throw new Error('beforeAll did not start the stack and the page');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(twinPage.url);
  await page.waitForFunction(() => 'runTwin' in globalThis);
  const [inChromium, overHttp] = await Promise.all([
    page.evaluate(() => (globalThis as unknown as { runTwin: (rounds: number) => Promise<TwinRun> }).runTwin(0)),
    session(stack.mock.url),
  ]);
  expect(errors).toEqual([]);
  expect(inChromium.resetStatus).toBe(204);
  expect(inChromium.journal.every((e) => e.transport === 'msw')).toBe(true);
  expect(overHttp.journal.every((e) => e.transport === 'http')).toBe(true);
  expect(inChromium.journal.map((e) => e.fault).filter(Boolean)).toEqual(['lost, 503', 'status 503', 'cut']);
  expect(inChromium.journal.map(comparable)).toEqual(overHttp.journal.map(comparable));
  expect(inChromium.answers).toEqual(overHttp.answers);
});
