/**
 * Where the browser tests' stack listens (the built app's host, the mock behind it): its own ports, so a running
 * `npm start` (5173, 4010) is left alone. E2E_PORT and E2E_MOCK_PORT move them. Read by web/playwright.config.ts,
 * whose webServer starts the stack, and by `npm test` (scripts/test.ts), which starts the same stack earlier, beside
 * the steps before the browser tests, and tells Playwright so with E2E_STACK=started.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5273);
export const E2E_MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 4110);
/** The command that serves it: `npm start`'s, on the build as it is. Run from web/ (the Playwright config's folder). */
export const E2E_STACK_COMMAND = ['tsx', '--conditions=source', '../scripts/start.ts', '--no-build'];
/** What answers once it serves. */
export const e2eReadyUrl = () => `http://127.0.0.1:${E2E_PORT}/app.login/login`;
