// What each TypeScript block of a README prints, as the README itself shows it: a block that prints is followed by
// "It prints:" and a ```text block, which a test holds the block's real output to, line by line and in order (the
// SDK's package test, sdk-package.ts; the mock's control examples, mock-server/test/control-api.test.ts); `…` in a
// line stands for any text (a request id, a count that changes).

export interface ReadmeBlock {
  /** The block's source. */
  code: string;
  /** What it prints, as the README shows it; undefined when the README shows nothing. */
  prints: string | undefined;
}

const BLOCK = /```ts\n([\s\S]*?)```(?:\n\nIt prints:\n\n```text\n([\s\S]*?)```)?/g;

export function readmeBlocks(readme: string): ReadmeBlock[] {
  return [...readme.matchAll(BLOCK)].map((match) => ({ code: match[1] ?? '', prints: match[2] }));
}

/** The line a runner prints before it runs block `n` (1-based), so one process's output splits by block. */
export const blockMarker = (n: number) => `@@ README block ${n}`;

/** The output of each block, by the markers the runner printed. */
export function outputsByBlock(output: string, count: number): string[] {
  const parts: string[] = [];
  for (let n = 1; n <= count; n++) {
    const start = output.indexOf(blockMarker(n));
    const end = n < count ? output.indexOf(blockMarker(n + 1)) : -1;
    parts.push(start === -1 ? '' : output.slice(start + blockMarker(n).length, end === -1 ? undefined : end));
  }
  return parts;
}

const pattern = (line: string) =>
  new RegExp(
    `^${line
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

/** What is wrong with a block's output against what the README says it prints, or undefined. */
export function printProblem(output: string, prints: string): string | undefined {
  const lines = output.split('\n').map((line) => line.trim());
  let at = 0;
  for (const expected of prints.trimEnd().split('\n')) {
    const match = pattern(expected.trim());
    const found = lines.findIndex((line, index) => index >= at && match.test(line));
    if (found === -1) return `does not print "${expected}" (after line ${at}) — it printed:\n${output.trim()}`;
    at = found + 1;
  }
  return undefined;
}
