// `npm start`: builds what the product needs, then serves the sign-in app, the docs and the dashboard placeholder
// on 127.0.0.1:$PORT (5173) in front of the mock on 127.0.0.1:$MOCK_PORT (4010): the scenario accounts of
// mock-server/src/scenarios.ts, then Prism on the bundle. `npm run mock` serves the mock alone. Ctrl-C stops everything.
// `--no-build` skips the build (the tests use it after building once). `API_MODE=proxy` makes the app call the API
// through the site's /api/ proxy (§7 proxy mode) instead of calling the mock directly. The sign-in domain is answered
// by the stateful sandbox (outbox at /outbox/); `--stateless` gives Prism's examples for every call instead.
// `API_KEY` is the key the server holds (the development key when unset); in proxy mode no page or script the browser
// loads carries it.
import { addresses, stopOnSignal } from '@runofshow/mock-server/command-line';
import { startStack } from '@runofshow/mock-server/stack';
import { buildAll } from './build.js';

const apiMode = process.env.API_MODE === 'proxy' ? 'proxy' : 'direct';

if (!process.argv.includes('--no-build')) {
  buildAll();
}

const stack = await startStack({
  ...addresses(),
  apiMode,
  apiKey: process.env.API_KEY ?? '',
  sandbox: !process.argv.includes('--stateless'),
});
const base = stack.site.url;
console.log(`
  Sign-in app   ${base}/app.login/  (${apiMode} mode; API_MODE=proxy|direct)
  API proxy     ${base}/api/{group}.{method}
  API docs      ${base}/docs/
  Dashboard     ${base}/dash/  (placeholder for the main application)
  Gallery       ${base}/gallery/  (the shared interface pieces of §2, §6, §9)
  Mock API      ${stack.mock.url}  (direct mode: scenario accounts, then Prism on the bundle)
  Scenarios     mock-server/CATALOGUE.md  (e.g. sign in as mfa@example.com or locked@example.com)
${stack.sandbox ? `  Outbox        ${base}/outbox/  (the sandbox's e-mails; --stateless turns the sandbox off)\n` : ''}
  Press Ctrl-C to stop.
`);
stopOnSignal(() => stack.stop());
