/**
 * Debian's Chromium and the flags every browser run here uses (Playwright's tests, the budget and Lighthouse
 * scripts): root needs --no-sandbox, and the background-networking flags keep Chromium from calling out of a closed
 * network at every start.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
