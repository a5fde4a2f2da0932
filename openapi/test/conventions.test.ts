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

describe('the layout and naming rules (openapi/plugins)', () => {
  it('fire on a description that breaks each of them', () => {
    const rules = new Set(lint('openapi/test/fixtures/broken.yaml').map((p) => p.ruleId));
    for (const rule of ['operation-id', 'operation-file', 'standard-parameters', 'success-example', 'write-mark']) {
      expect(rules, `conventions/${rule} did not fire`).toContain(`conventions/${rule}`);
    }
  });

  it('want a GET marked `x-write` to carry the idempotency key, and the mark only on a GET', () => {
    const messages = lint('openapi/test/fixtures/broken.yaml').map((p) => p.message);
    expect(messages).toContain('Operation things.remove must declare the Idempotency-Key header parameter.');
    expect(messages.some((m) => m.startsWith('Operation Things_Create: `x-write` is only `true`'))).toBe(true);
  });

  it('pass on the real description', () => {
    const problems = lint('openapi/openapi.yaml').filter((p) => p.ruleId.startsWith('conventions/'));
    expect(problems).toEqual([]);
  });
});
