import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The calls of §7, kept in openapi/coverage/*.txt as "METHOD /path" (one per line, in §7's order, with the path
// written out where §7 abbreviates it — see DECISIONS.md). Every one must be an operation of the bundle.
const dir = new URL('../coverage/', import.meta.url);
const calls = readdirSync(dir)
  .filter((file) => file.endsWith('.txt'))
  .flatMap((file) =>
    readFileSync(new URL(file, dir), 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean)
      .map((line) => ({ file, line })),
  );
const bundle = JSON.parse(readFileSync(new URL('../dist/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};

describe('§7 coverage', () => {
  it('lists the calls of §7', () => {
    expect(calls.length).toBeGreaterThan(0);
  });

  it.each(calls.map(({ file, line }) => [line, file] as const))('%s (%s) is an operation', (line) => {
    const match = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(line);
    expect(match, `malformed line: ${line}`).not.toBeNull();
    const [, method, path] = match as RegExpExecArray;
    expect(bundle.paths[path as string]?.[(method as string).toLowerCase()]?.operationId, line).toBeTruthy();
  });
});
