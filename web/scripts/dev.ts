// `npm run dev`: the development loop. The same mock and host as `npm start` (scenario accounts, then Prism on the
// bundle, at 127.0.0.1:$MOCK_PORT, 4010; docs, /dash/…, /api and the SSO stand-in), with the sign-in app and the
// gallery served from source by Vite with hot reload at 127.0.0.1:$PORT (5173). Only the description is built
// first (Prism and the docs need it); `--no-build` skips that. `API_MODE=proxy` as for `npm start`. Ctrl-C stops it.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addresses, stopOnSignal } from '@runofshow/mock-server/command-line';
import { freePort } from '@runofshow/mock-server/free-port';
import { startDevServer } from './dev-server.js';
import { startSite } from './stack.js';

const started = performance.now();
const { host, port, mockPort } = addresses();
const apiMode = process.env.API_MODE === 'proxy' ? 'proxy' : 'direct';
const apiKey = process.env.API_KEY || 'development-api-key';

if (!process.argv.includes('--no-build')) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const built = spawnSync('npm', ['run', '--silent', 'build', '-w', 'openapi'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The host listens behind the dev server, on a free port; visitors use $PORT for everything. Prism and Vite start
// side by side: each takes seconds.
const site = `http://${host}:${await freePort()}`;
const [stack, dev] = await Promise.allSettled([
  startSite({
    port: Number(new URL(site).port),
    mockPort,
    host,
    apiMode,
    apiKey,
    sandbox: !process.argv.includes('--stateless'),
    // The dev server hands requests on with their Host: the host answers to its address too.
    hosts: [`${host}:${port}`, `localhost:${port}`],
    appOrigin: `http://${host}:${port}`,
  }),
  startDevServer({
    port,
    host,
    site,
    meta: {
      'api-endpoint': `http://${host}:${mockPort}`,
      'api-mode': apiMode,
      // Direct mode's key goes in the page, as the site server writes it; in proxy mode the page holds none.
      'api-key': apiMode === 'proxy' ? '' : apiKey,
      // No site key (development) makes the app bypass the captcha and say so in the console, as under `npm start`.
      'hcaptcha-sitekey': process.env.HCAPTCHA_SITEKEY ?? '',
    },
  }),
]).then(async (results) => {
  const [stack, dev] = results;
  if (stack.status === 'fulfilled' && dev.status === 'fulfilled') return [stack.value, dev.value] as const;
  await Promise.all(results.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
  throw results.find((result) => result.status === 'rejected')?.reason;
});
const base = dev.url;
console.log(`
  Sign-in app   ${base}/app.login/  (Vite, hot reload; ${apiMode} mode; API_MODE=proxy|direct)
  Gallery       ${base}/gallery/  (Vite, hot reload)
  API proxy     ${base}/api/{group}.{method}
  API docs      ${base}/docs/  (built from the description; rerun after changing it)
  Dashboard     ${base}/dash/  (placeholder for the main application)
${stack.stack.sandbox ? `  Outbox        ${stack.stack.mock.url}/outbox/  (the sandbox's e-mails, on the mock; --stateless turns the sandbox off)\n` : ''}  Mock API      ${stack.stack.mock.url}  (direct mode: scenario accounts, then Prism on the bundle)
  Scenarios     mock-server/CATALOGUE.md  (e.g. sign in as mfa@example.com or locked@example.com)

  Ready in ${((performance.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop.
`);
stopOnSignal(() => Promise.all([dev.stop(), stack.stop()]));
