import { CONTROL_PREFIX } from './api.js';
import { FAULT_STATUSES } from './faults.js';

/** The catalogue's section on driving the mock from a test (issue 32): what a QA engineer types. */
export function controlSection(): string[] {
  const mock = `http://127.0.0.1:4010${CONTROL_PREFIX}`;
  return [
    '## Faults, latency, the journal and fixtures (the control API)',
    '',
    `On the mock's port only (never through the host's \`/api\`), described in \`mock-server/openapi/control.yaml\`;`,
    'examples in mock-server/README.md. The login answers 503 twice, then as usual; then read what was sent:',
    '',
    '```sh',
    `curl -X POST ${mock}/rules -H 'content-type: application/json' \\`,
    `  -d '{"operations":["auth.login"],"fault":{"kind":"status","status":503},"times":2}'`,
    `curl '${mock}/journal?operationId=auth.login'`,
    `curl -X POST ${mock}/reset    # between tests: the loaded fixture back, no rules, an empty journal`,
    '```',
    '',
    `A fault is \`status\` (${FAULT_STATUSES.join(', ')}; \`retryAfter\` in seconds), \`stall\` (\`ms\`), \`cut\` (before the`,
    'sandbox sees the call) or `lost` (applied, then its answer replaced by a 503, or `"as": "cut"`); a rule takes',
    '`operations` (ids or globs), `latency`, `times`, `probability` with `seed`. One call asks for its own with',
    '`Prefer: fault=503`, `fault=429; retry-after=5`, `fault=stall; ms=1500`, `fault=cut`, `fault=lost; as=cut`,',
    '`latency=100-300`. The seeded world below is the fixture `mock-server/fixtures/seeded-world.json`',
    `(\`--fixture file.json\` at start, \`GET\`/\`PUT ${CONTROL_PREFIX}/fixture\` while running).`,
    '',
    '### The same sandbox in a component test (MSW)',
    '',
    '`@runofshow/mock-server/msw` runs this sandbox inside MSW 2 (msw 2.9.0), in Node or a browser, with the same',
    'request core, rules, journal and fixtures; a bad request gets the same 422 (mock-server/README.md):',
    '',
    '```ts',
    "const sandbox = await mswSandbox({ baseUrl: 'http://localhost:5173/api', fixture });  // fixture: optional",
    'const server = setupServer(...sandbox.handlers);  // msw/node; setupWorker(...) from msw/browser in a page',
    "sandbox.control.faults.add({ operations: ['auth.login'], fault: { kind: 'status', status: 503 }, times: 2 });",
    "sandbox.control.journal.entries({ operationId: 'auth.login' });  // what was sent, as GET /__mock/journal",
    '```',
    '',
  ];
}
