import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, CHROMIUM_SHELL, OUR_DISABLED_FEATURES } from '@runofshow/devkit/chromium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The flags every browser run uses, read back from the running Chromium as Playwright started it.

const featuresOf = (switchValue: string) => switchValue.slice('--disable-features='.length).split(',');

const versionOf = (path: string) =>
  /\d+\.\d+\.\d+\.\d+/.exec(spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout)?.[0];

it('runs the browser tests in the headless shell of the very Chromium the sandbox walk uses', () => {
  expect(versionOf(CHROMIUM)).toMatch(/^\d+\./);
  expect(versionOf(CHROMIUM_SHELL)).toBe(versionOf(CHROMIUM));
});

describe.each([
  ['Chromium', CHROMIUM],
  ['its headless shell', CHROMIUM_SHELL],
])("%s as Playwright starts it with the project's flags", (_name, executablePath) => {
  let server: Awaited<ReturnType<typeof chromium.launchServer>>;
  let commandLine: string[];

  beforeAll(async () => {
    server = await chromium.launchServer({ executablePath, args: CHROMIUM_FLAGS });
    const pid = server.process().pid;
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  });
  afterAll(() => server?.close());

  it('keeps every feature Playwright turns off: Chromium honours only the last --disable-features', () => {
    const switches = commandLine.filter((arg) => arg.startsWith('--disable-features='));
    const honoured = featuresOf(switches.at(-1) ?? '--disable-features=');
    const wanted = switches.flatMap(featuresOf).filter(Boolean);
    expect(honoured).toEqual(expect.arrayContaining(wanted));
    expect(honoured).toEqual(expect.arrayContaining(OUR_DISABLED_FEATURES));
  });

  it('opens a page without the address bar popups that cost a renderer each', async () => {
    const browser = await chromium.connect(server.wsEndpoint());
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto('about:blank');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
      expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
