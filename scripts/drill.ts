// `npm run drill` (and a step of `npm test`): the fault drill of issue 21, scripts/drill/run.ts. Prints the figure
// table and ends with the one line a script reads (`--record` also writes the table, dated, into
// docs/measurements.md: `npm run drill -- --record`; a test run leaves the working tree as it found it):
//   drill: writes sent N, applied N, applied twice N, lost N; sign-ins N reached the dashboard; visitor errors N
// DRILL_SEED replays a run; DRILL_SECONDS (30), DRILL_VISITORS (50), DRILL_BROWSERS (5) size it.
// `--strip-keys` (test-only, never recorded): the scripted visitors send writes without an Idempotency-Key, which
// must make the drill fail with writes applied twice; it proves the counting can fail.
import { parseArgs } from 'node:util';
import { ensureChromium } from '@runofshow/devkit/chromium';
import { seedFrom } from '@runofshow/mock-server/control';
import { buildMissing } from './build.js';
import { runDrill } from './drill/run.js';
import { ensureNginx } from './ensure-nginx.js';
import { writeMeasurements } from './measurements-section.js';

const { values } = parseArgs({
  options: { 'strip-keys': { type: 'boolean' }, record: { type: 'boolean' }, screenshot: { type: 'string' } },
});
const number = (name: string, fallback: number) => {
  const given = process.env[name];
  if (given === undefined || given === '') return fallback;
  if (!/^\d+$/.test(given)) throw new Error(`${name} must be a whole number, not ${given}`);
  return Number(given);
};

/** The table as Markdown, dated, in docs/measurements.md (the latest run replaces the last). */
function record(rows: [string, string][], lastLine: string): void {
  const date = new Date().toISOString().slice(0, 10);
  const table = [
    `Latest run, ${date}, \`npm run drill -- --record\` (the drill is also a step of \`npm test\`, which records nothing), on this machine (2 cores):`,
    '',
    '| Figure | Value |',
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value.replace(/\|/g, '\\|')} |`),
    '',
    `\`${lastLine}\``,
  ].join('\n');
  writeMeasurements('drill', 'scripts/drill.ts', 'Fault drill: nginx, two hosts, the sandbox', table);
}

ensureNginx();
ensureChromium();
buildMissing();
const seed = seedFrom(process.env.DRILL_SEED);
const stripKeys = values['strip-keys'] ?? false;
console.log(`drill: seed ${seed}${stripKeys ? ' (test-only: writes sent without Idempotency-Key)' : ''}`);
const result = await runDrill({
  seed,
  seconds: number('DRILL_SECONDS', 30),
  visitors: number('DRILL_VISITORS', 50),
  browsers: number('DRILL_BROWSERS', 5),
  stripKeys,
  ...(process.env.DRILL_PORT ? { port: number('DRILL_PORT', 0) } : {}),
  ...(values.screenshot ? { screenshot: values.screenshot } : {}),
  log: (line) => console.log(line),
});
const width = Math.max(...result.rows.map(([name]) => name.length));
console.log(`\n${result.rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`).join('\n')}`);
if (result.errors.length) {
  console.log('\nWhat visitors saw go wrong:');
  for (const error of result.errors) {
    console.log(
      `  visitor ${error.visitor}, ${error.operation}${error.requestId ? ` (${error.requestId})` : ''}: ${error.cause}`,
    );
    if (error.tries) console.log(`    its tries through nginx: ${error.tries}`);
  }
}
console.log(`\nlogs and nginx's run folder: ${result.runDir}`);
if (values.record && !stripKeys) record(result.rows, result.lastLine);
else if (!stripKeys)
  console.log('(not recorded: `npm run drill -- --record` writes this table into docs/measurements.md)');
if (result.failures.length) console.error(`\n✗ drill failed:\n  ${result.failures.join('\n  ')}`);
console.log(result.lastLine);
process.exit(result.failures.length ? 1 : 0);
