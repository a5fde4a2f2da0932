// Writes mock-server/CATALOGUE.md from the bundle and the scenario accounts; `--check` fails when the file is stale
// or a scenario asks Prism for a status or example the description does not hold (the generator check).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { preferChoices, renderCatalogue, scenarioProblems } from '../src/catalogue.js';
import { scenarios } from '../src/scenarios.js';
import { paths } from '../src/stack.js';

const target = fileURLToPath(new URL('../CATALOGUE.md', import.meta.url));
const doc = JSON.parse(readFileSync(paths.bundle, 'utf8')) as Record<string, unknown>;
const choices = preferChoices(doc);
const problems = scenarios.flatMap((scenario) => scenarioProblems(choices, scenario));
if (problems.length) {
  console.error(`mock-server/src/scenarios.ts asks for what the description lacks:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const text = renderCatalogue(doc, scenarios);
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current !== text) {
    console.error(
      'mock-server/CATALOGUE.md is stale: run `npm run mock:catalogue` (after `npm run build -w openapi`).',
    );
    process.exit(1);
  }
  console.log('mock-server/CATALOGUE.md is fresh.');
} else {
  writeFileSync(target, text);
  console.log(`wrote mock-server/CATALOGUE.md (${choices.length} operations, ${scenarios.length} scenario accounts)`);
}
