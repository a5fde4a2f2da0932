// `npm run mock`: the mock alone, without building the app, at 127.0.0.1:$MOCK_PORT (4010), as a backend is called in
// direct mode (§7). Requests that match a scenario account get its answer; requests that break the description are
// refused with the rules they broke, and both are printed as they happen. `--sandbox` answers the sign-in domain from
// the stateful sandbox, with its outbox at /outbox/ on the same port (its links lead to $APP_ORIGIN, the sign-in app's
// origin: http://127.0.0.1:$PORT by default); `--stateless` (the default) gives Prism's examples for every call. The
// sandbox keeps its state in memory unless `--data <dir>` (embedded PGlite) or DATABASE_URL (PostgreSQL, shared by
// several instances) says where to keep it. The sign-in app in front of it is the production host: `API_ORIGIN=<the mock> … npm run serve` (docs/DEPLOY.md).
import { fixtureOption, storeOptions } from '../src/command-line.js';
import { seedAccounts } from '../src/sandbox/seed.js';
import { scenarios } from '../src/scenarios.js';
import { startChecked } from './shared.js';

const appOrigin = process.env.APP_ORIGIN || `http://127.0.0.1:${process.env.PORT ?? 5173}`;
if (!isOrigin(appOrigin)) {
  console.error(`APP_ORIGIN must be an origin such as https://staging.example.com (no path), not ${appOrigin}`);
  process.exit(1);
}

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

const fixture = fixtureOption();
const stack = await startChecked(
  {
    // A fixture is the sandbox's state: giving one turns the sandbox on.
    sandbox: (process.argv.includes('--sandbox') || fixture !== undefined) && !process.argv.includes('--stateless'),
    store: storeOptions(),
    ...(fixture ? { fixture } : {}),
    appOrigin: () => appOrigin,
    // Prism's own lines stay quiet; the scenario choices (tokens redacted) are shown.
    log: (line) => {
      if (line.startsWith('scenario ')) console.log(`  ${line}`);
    },
  },
  '  ',
);
const mock = stack.mock.url;
console.log(`
  Mock            ${mock}/{path}  (X-Api-Key: any value; Prefer: code=… / example=… picks an answer)
  Prism           ${stack.prism.url}  (behind the mock: validates every request)
${stack.sandbox ? `  Sandbox         the sign-in domain with state, behind Prism's validating proxy\n  Outbox          ${mock}/outbox/  (its mail; links to the app at ${appOrigin}, APP_ORIGIN)\n` : '  Sandbox         off (stateless; `npm run mock -- --sandbox` turns it on)\n'}
  Sign-in app     API_ORIGIN=${mock} API_KEY=… HCAPTCHA_SITEKEY=off npm run serve  (after npm run build)
  Scenario accounts (catalogue: mock-server/CATALOGUE.md, data: mock-server/src/scenarios.ts):
${scenarios.map((s) => `    ${s.name.padEnd(24)} ${s.input}`).join('\n')}
${stack.sandbox ? `\n  Sandbox accounts (instead of the sign-in scenarios above; mock-server/src/sandbox/seed.ts):\n${seedAccounts.map((a) => `    ${a.email.padEnd(24)} ${a.password ?? '(no password works)'}: ${a.note}`).join('\n')}\n` : ''}
  Try: curl -H 'X-Api-Key: dev' ${mock}/users/mfa%40example.com/has2fa
  Press Ctrl-C to stop.
`);
