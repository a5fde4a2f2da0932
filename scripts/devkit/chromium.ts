import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Debian's Chromium and the flags every browser run here uses (Playwright's tests, the drill, the budget, the
 * SDK's browser cost and Lighthouse): root needs --no-sandbox, and the background-networking flags keep Chromium from
 * calling out of a closed network at every start.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The features Playwright 1.65's launcher turns off with its own `--disable-features`. Chromium keeps only the last
 * such switch, so ours names them again (`scripts/chromium-flags.test.ts` holds this to the installed Playwright).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Chromium 156's headless mode preloads the address bar's two WebUI popups in every new window, a renderer each:
 * about 0.5 CPU-s per Playwright context, a third of the browser tests' CPU on 2 cores (127 → 80 core-seconds for
 * the login and verify specs).
 */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
];

// Playwright cannot download its own browser here. When Chromium is missing and we are root on Debian, install it
// with apt-get; otherwise say exactly how to get it.
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
  if (isRoot && isDebian) {
    console.log("Chromium is missing: installing Debian's chromium with apt-get (about 30 s)…");
    const run = (args: string[]) =>
      spawnSync('apt-get', args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0;
    if (run(['update', '-qq']) && run(['install', '-y', '-qq', 'chromium']) && existsSync(CHROMIUM)) return;
    throw new Error('apt-get could not install chromium; install it by hand: apt-get install -y chromium');
  }
  throw new Error(
    `The browser tests need Chromium at ${CHROMIUM}. On Debian or Ubuntu run: sudo apt-get install -y chromium ` +
      '(or set CHROMIUM_PATH to a Chromium or Chrome binary).',
  );
}
