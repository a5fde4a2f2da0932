import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sdk = fileURLToPath(new URL('..', import.meta.url));

describe('the generated operation table', () => {
  const table = execFileSync(
    process.execPath,
    ['scripts/generate.mjs', '--table-only', 'test/fixtures/two-operations.json'],
    { cwd: sdk, encoding: 'utf8' },
  );
  const row = (id: string) => table.split('\n').find((line) => line.includes(`id: '${id}'`)) ?? '';

  it('marks as write every method but GET, and a GET the description marks x-write: true (issue 12.2)', () => {
    expect(row('users.deleteTeamRole')).toContain("method: 'GET'");
    expect(row('users.deleteTeamRole')).toContain('write: true');
    expect(row('users.get')).toContain('write: false');
    expect(row('users.delete')).toContain('write: true');
  });

  it('says when the description promises no body', () => {
    expect(row('users.delete')).toContain("parseAs: 'none'");
    expect(row('users.get')).toContain("parseAs: 'json'");
  });

  // Issue 20 item 10: the proxy passes the query parameters an operation declares and no others.
  it("records each operation's query parameters, its path item's and its own, $refs followed", () => {
    expect(row('users.get')).toContain("query: ['fields', 'page']");
    expect(row('users.delete')).toContain("query: ['fields']");
    expect(row('users.deleteTeamRole')).toContain('query: []');
  });

  it("writes the X-Client-Id rule from the description's component", () => {
    expect(table).toContain(
      'export const clientIdRule = { pattern: /^[\\x21-\\x7E]{1,64}$/, minLength: 1, maxLength: 64 } as const;',
    );
  });
});
