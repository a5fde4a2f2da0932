import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputHash, PARTS } from './build.js';

describe('what decides whether a part must be built again', () => {
  const base = mkdtempSync(join(tmpdir(), 'build-test-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(base, path, '..'), { recursive: true });
    writeFileSync(join(base, path), text);
  };
  write('web/src/main.tsx', 'one');
  write('web/package.json', '{}');
  write('package-lock.json', '{}');
  const part = { inputs: ['web', 'package-lock.json', 'not-there'] };

  it('changes with a source file, a new file or the lockfile', () => {
    const before = inputHash(part, base);
    write('web/src/main.tsx', 'two');
    const edited = inputHash(part, base);
    expect(edited).not.toBe(before);
    write('web/src/new.ts', '');
    const added = inputHash(part, base);
    expect(added).not.toBe(edited);
    write('package-lock.json', '{"a":1}');
    expect(inputHash(part, base)).not.toBe(added);
  });

  it('ignores what builds and test runs write', () => {
    const before = inputHash(part, base);
    write('web/dist/index.html', 'built');
    write('web/server/dist/main.js', 'built');
    write('web/node_modules/.vite/x.json', '{}');
    write('web/e2e/a.spec.ts', 'test');
    write('web/tsconfig.tsbuildinfo', '{}');
    expect(inputHash(part, base)).toBe(before);
  });

  it('builds the parts in dependency order, each from the inputs of those it is built from', () => {
    expect(PARTS.map((p) => p.name)).toEqual(['openapi', 'docs', 'sdk', 'web']);
    const [openapi, docs, sdk, web] = PARTS;
    expect(docs?.inputs).toEqual(openapi?.inputs);
    for (const input of [...(openapi?.inputs ?? []), ...(sdk?.inputs ?? [])]) expect(web?.inputs).toContain(input);
  });
});
