import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, CHROMIUM_SHELL } from '@runofshow/devkit/chromium';
import { E2E_MOCK_PORT, E2E_PORT, E2E_STACK_COMMAND, e2eReadyUrl } from '@runofshow/devkit/e2e-stack';

// End-to-end tests drive the built app in Debian's Chromium against the real Prism on the real bundle.
// `scripts/test.ts` builds first; here the stack starts on its own ports so a running `npm start` is left alone.
// The sandbox walk (sign-up to lockout, the outbox, the dashboard) runs in the whole browser, so each run proves the
// product there too; every other spec in its headless shell, the same Chromium at about two thirds of the CPU per
// page (scripts/devkit/chromium.ts).
const wholeBrowser = ['sandbox-walk.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Three on two cores: a test waits on timers and the stack often enough that a third fills the gaps (202 tests:
  // 243 s at 1.88 cores against some 280 s at 1.7 with two, the machine at rest).
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 20_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    trace: 'off',
  },
  // The whole browser's project first: its walk is serial (one worker, about 13 s), and listed last it ran after
  // everything else, alone on one core of two (issue 27).
  projects: [
    {
      name: 'chromium',
      testMatch: wholeBrowser,
      use: { launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS } },
    },
    {
      name: 'chromium-headless-shell',
      testIgnore: wholeBrowser,
      use: { launchOptions: { executablePath: CHROMIUM_SHELL, args: CHROMIUM_FLAGS } },
    },
  ],
  webServer: {
    command: E2E_STACK_COMMAND.join(' '),
    url: e2eReadyUrl(),
    env: { PORT: String(E2E_PORT), MOCK_PORT: String(E2E_MOCK_PORT) },
    // Never someone else's server on these ports; only the one `npm test` started for this run (scripts/test.ts).
    reuseExistingServer: process.env.E2E_STACK === 'started',
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
