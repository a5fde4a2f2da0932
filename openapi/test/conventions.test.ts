import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function lint(file: string): { ruleId: string; message: string }[] {
  const result = spawnSync('npx', ['redocly', 'lint', file, '--config', 'redocly.yaml', '--format', 'json'], {
    cwd: root,
    encoding: 'utf8',
  });
  const json = result.stdout.slice(result.stdout.indexOf('{'));
  return (JSON.parse(json) as { problems: { ruleId: string; message: string }[] }).problems;
}

// The broken fixture is linted once for every test that reads it (a lint takes seconds).
let broken: { ruleId: string; message: string }[] | undefined;
const brokenProblems = () => {
  broken ??= lint('openapi/test/fixtures/broken.yaml');
  return broken;
};

// That the real description passes them is `npm run lint -w openapi` (the `spec lint (redocly)` step of test:unit and
// npm test): every rule here is an error in redocly.yaml, so that lint fails on any of them. Linting it here as well
// cost another 4 CPU-s of each unit run.
describe('the layout and naming rules (openapi/plugins)', () => {
  it('fire on a description that breaks each of them', () => {
    const rules = new Set(brokenProblems().map((p) => p.ruleId));
    for (const rule of [
      'operation-id',
      'operation-file',
      'standard-parameters',
      'success-example',
      'write-mark',
      'paging-mark',
    ]) {
      expect(rules, `conventions/${rule} did not fire`).toContain(`conventions/${rule}`);
    }
  });

  it('want a GET marked `x-write` to carry the idempotency key, and the mark only on a GET', () => {
    const messages = brokenProblems().map((p) => p.message);
    expect(messages).toContain('Operation things.remove must declare the Idempotency-Key header parameter.');
    expect(messages.some((m) => m.startsWith('Operation Things_Create: `x-write` is only `true`'))).toBe(true);
  });

  it('want every list that takes a size to say how its pages end, and the mark to match the list', () => {
    const messages = brokenProblems().map((p) => p.message);
    expect(messages).toContain('Operation things.list: takes a `size`, so it declares `x-paging` (how its pages end).');
    expect(messages).toContain('Operation things.pages: `x-paging` needs a `page` parameter.');
    expect(messages).toContain('Operation things.pages: a `total` list answers an object with `total`.');
  });
});
