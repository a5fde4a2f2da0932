// `npm start`: builds what the product needs, then serves the sign-in app on 127.0.0.1:$PORT (5173) with the
// production host (web/server) in front of the mock on 127.0.0.1:$MOCK_PORT (4010): the scenario accounts of
// mock-server/src/scenarios.ts, then Prism on the bundle. The host also serves the development pages (docs, gallery,
// the /dash/… placeholder, the SSO stand-in: scripts/dev-site.ts). `npm run mock` serves the mock alone. Ctrl-C stops
// everything. It builds only what is missing or older than its sources (scripts/build.ts); `--no-build` skips that (the tests use it after building once). `API_MODE=proxy` makes the app call
// the API through the host's /api/ proxy (§7 proxy mode) instead of calling the mock directly. The sign-in domain is
// answered by the stateful sandbox (its outbox on the mock's port); `--stateless` gives Prism's examples instead.
// The sandbox keeps its state in memory; `--data <dir>` keeps it across restarts (PGlite), `DATABASE_URL` on a
// PostgreSQL server that several instances share.
// `API_KEY` is the key the server holds (the development key when unset); in proxy mode no page or script the browser
// loads carries it. `npm run serve` runs the same host alone, from the build, configured for production.
import { addresses, fixtureOption, stopOnSignal, storeOptions } from '@runofshow/mock-server/command-line';
import { buildMissing } from './build.js';
import { startDevelopmentSite } from './dev-site.js';

const apiMode = process.env.API_MODE === 'proxy' ? 'proxy' : 'direct';

if (!process.argv.includes('--no-build')) {
  buildMissing();
}

const fixture = fixtureOption();
const { site, stack, stop } = await startDevelopmentSite({
  ...addresses(),
  apiMode,
  apiKey: process.env.API_KEY ?? '',
  sandbox: !process.argv.includes('--stateless'),
  store: storeOptions(),
  ...(fixture ? { fixture } : {}),
});
const base = site.url;
console.log(`
  Sign-in app   ${base}/app.login/  (${apiMode} mode; API_MODE=proxy|direct)
${apiMode === 'proxy' ? `  API proxy     ${base}/api/{group}.{method}  (the operations the app calls)\n` : ''}  Health        ${base}/healthz  ${base}/readyz
  API docs      ${base}/docs/
  Dashboard     ${base}/dash/  (placeholder for the main application)
  Gallery       ${base}/gallery/  (the shared interface pieces of §2, §6, §9)
  Mock API      ${stack.mock.url}  (direct mode: scenario accounts, then Prism on the bundle)
  Scenarios     mock-server/CATALOGUE.md  (e.g. sign in as mfa@example.com or locked@example.com)
${stack.sandbox ? `  Outbox        ${stack.mock.url}/outbox/  (the sandbox's e-mails, on the mock; --stateless turns the sandbox off)\n` : ''}
  Press Ctrl-C to stop.
`);
stopOnSignal(stop);
