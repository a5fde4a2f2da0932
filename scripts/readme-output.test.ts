import { readFileSync } from 'node:fs';
import { blockMarker, outputsByBlock, printProblem, readmeBlocks } from '@runofshow/devkit/readme-output';
import { describe, expect, it } from 'vitest';

describe('what the README blocks print', () => {
  it('matches lines in order, `…` standing for any text', () => {
    expect(printProblem('a\n404 not-found 5f8d\nb', '404 not-found …')).toBeUndefined();
    expect(printProblem('401 auth\n', '404 not-found …')).toMatch(/does not print "404 not-found …"/);
    expect(printProblem('two\none', 'one\ntwo')).toMatch(/does not print "two"/);
  });

  it('splits one process’s output by block', () => {
    const output = `${blockMarker(1)}\nfirst\n${blockMarker(2)}\nsecond\n`;
    expect(outputsByBlock(output, 2).map((part) => part.trim())).toEqual(['first', 'second']);
  });

  it('shows, after every block of sdk/README.md that prints, what it prints', () => {
    const blocks = readmeBlocks(readFileSync(new URL('../sdk/README.md', import.meta.url), 'utf8'));
    expect(blocks.length).toBeGreaterThan(3);
    const silent = blocks.filter((block) => /console\.log\(/.test(block.code) && block.prints === undefined);
    expect(silent.map((block) => block.code.split('\n')[0])).toEqual([]);
    // The Errors block shows its 404: the finding of issue 30 was a block whose last line never printed.
    expect(blocks.some((block) => block.prints?.includes('404 not-found'))).toBe(true);
  });
});
