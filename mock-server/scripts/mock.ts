// `npm run mock`: the mock alone, both transports (§7), without building the app. Direct mode at
// 127.0.0.1:$MOCK_PORT (4010), proxy mode at 127.0.0.1:$PORT (5173)/api/… through the SDK's proxy handler. Requests
// that match a scenario account get its answer; requests that break the description are refused with the rules
// they broke, and both are printed as they happen. `--sandbox` answers the sign-in domain from the stateful sandbox
// (outbox at the mock's own /outbox/, its links into the app at APP_ORIGIN, by default the site below); `--stateless`
// (the default) gives Prism's examples for every call.
import { seedAccounts } from '../src/sandbox/seed.js';
import { scenarios } from '../src/scenarios.js';
import { siteLines, startChecked } from './shared.js';

const appOrigin = process.env.APP_ORIGIN;
if (appOrigin !== undefined && !isOrigin(appOrigin)) {
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

const stack = await startChecked(
  {
    sandbox: process.argv.includes('--sandbox') && !process.argv.includes('--stateless'),
    ...(appOrigin ? { appOrigin } : {}),
    // Prism's own lines stay quiet; the scenario choices and the site's refusals (tokens redacted) are shown.
    log: (line) => {
      if (line.startsWith('scenario ') || line.startsWith('site: ')) console.log(`  ${line}`);
    },
  },
  '  ',
);
const mock = stack.mock.url;
console.log(`
  Mock, direct    ${mock}/{path}  (X-Api-Key: any value; Prefer: code=… / example=… picks an answer)
  Mock, proxy     ${stack.site.url}/api/{group}.{method}  and  ${stack.site.url}/api/upload/{group}.{method}
${siteLines(stack).join('\n')}
  Prism           ${stack.prism.url}  (behind the mock: validates every request)
${stack.sandbox ? `  Sandbox         the sign-in domain with state, behind Prism's validating proxy; mail at ${mock}/outbox/ (links to ${appOrigin ?? stack.site.url})\n` : '  Sandbox         off (stateless; `npm run mock -- --sandbox` turns it on)\n'}
  Scenario accounts (catalogue: mock-server/CATALOGUE.md, data: mock-server/src/scenarios.ts):
${scenarios.map((s) => `    ${s.name.padEnd(24)} ${s.input}`).join('\n')}
${stack.sandbox ? `\n  Sandbox accounts (instead of the sign-in scenarios above; mock-server/src/sandbox/seed.ts):\n${seedAccounts.map((a) => `    ${a.email.padEnd(24)} ${a.password ?? '(no password works)'}: ${a.note}`).join('\n')}\n` : ''}
  Try: curl -H 'X-Api-Key: dev' ${mock}/users/mfa%40example.com/has2fa
  Press Ctrl-C to stop.
`);
