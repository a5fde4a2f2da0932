import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Debian's Chromium and the flags every browser run here uses (Playwright's tests, the drill, the budget, the
 * SDK's browser cost and Lighthouse): root needs --no-sandbox, and the background-networking flags keep Chromium from
 * calling out of a closed network at every start.
 *
 * `CHROMIUM` is the whole browser: the sandbox walk of the browser tests, Lighthouse, the SDK's cost.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's headless shell of the same Chromium (one source package, one version: the same Blink, V8 and network
 * stack), and what Playwright itself runs for headless tests. A page load costs it about 0.63 CPU-s against the
 * whole browser's 1.0 (30 fresh contexts loading /login: 19.4–19.8 against 30.1–32.4 CPU-s), so the browser tests,
 * the budget and the drill run in it (README.md, "Tests").
 * Set CHROMIUM_PATH alone and both are that browser.
 */
export const CHROMIUM_SHELL =
  process.env.CHROMIUM_SHELL_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
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

// Playwright cannot download its own browser here. When Chromium or its headless shell is missing and we are root on
// Debian, install them with apt-get; otherwise say exactly how to get them.
export function ensureChromium(): void {
  const missing = [
    ['chromium', CHROMIUM],
    ['chromium-headless-shell', CHROMIUM_SHELL],
  ].filter(([, path]) => !existsSync(path as string));
  if (missing.length === 0) return;
  const packages = missing.map(([name]) => name as string);
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
  if (isRoot && isDebian) {
    console.log(`Chromium is missing: installing Debian's ${packages.join(' and ')} with apt-get (about 30 s)…`);
    const run = (args: string[]) =>
      spawnSync('apt-get', args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0;
    if (
      run(['update', '-qq']) &&
      run(['install', '-y', '-qq', ...packages]) &&
      missing.every(([, path]) => existsSync(path as string))
    )
      return;
    throw new Error(
      `apt-get could not install ${packages.join(' ')}; install by hand: apt-get install -y ${packages.join(' ')}`,
    );
  }
  throw new Error(
    `The browser tests need ${missing.map(([, path]) => path).join(' and ')}. On Debian or Ubuntu run: ` +
      `sudo apt-get install -y ${packages.join(' ')} (or set CHROMIUM_PATH to a Chromium or Chrome binary).`,
  );
}
