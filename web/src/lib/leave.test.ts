import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The return-URL guard only protects the redirects that pass through it: leave.ts must be the one place that
// navigates the page away.
const source = new URL('..', import.meta.url).pathname;
const navigation = /location\.(assign|replace)\s*\(|location\.href\s*=|window\.open\s*\(/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('leaveTo', () => {
  it('is the only page navigation in the app', () => {
    const files = sourceFiles(source);
    expect(files.length).toBeGreaterThan(30);
    const offenders = files
      .filter((path) => !path.endsWith(join('lib', 'leave.ts')))
      .filter((path) => navigation.test(readFileSync(path, 'utf8')))
      .map((path) => relative(source, path));
    expect(offenders).toEqual([]);
  });
});
