import { readFileSync } from 'node:fs';
import { printProblem } from '@runofshow/devkit/readme-output';
import * as mswNode from 'msw/node';
import { expect, it } from 'vitest';
import * as mswEntry from '../src/msw/index.js';

// The README's MSW example (issue 32), run as it stands: its imports are handed in, the rest runs unchanged, and what
// it prints is held to what the README says it prints.
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const BLOCK = /```typescript\n([\s\S]*?)```\n\nIt prints:\n\n```text\n([\s\S]*?)```/g;
const modules: Record<string, unknown> = { 'msw/node': mswNode, '@runofshow/mock-server/msw': mswEntry };
const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<void>;

const blocks = [...README.matchAll(BLOCK)].map((m) => ({ code: m[1] ?? '', prints: m[2] ?? '' }));

it('has the MSW example', () => {
  expect(blocks).toHaveLength(1);
});

it.each(blocks.map((block, i) => [i + 1, block] as const))(
  'MSW block %i prints what the README says',
  async (_, block) => {
    const code = block.code.replace(
      /^import \{ ([^}]+) \} from '([^']+)';$/gm,
      (_line, names: string, from: string) => {
        if (!(from in modules)) throw new Error(`the README imports ${from}, which this test does not hand in`);
        return `const { ${names} } = modules[${JSON.stringify(from)}];`;
      },
    );
    const lines: string[] = [];
    const console = { log: (...args: unknown[]) => lines.push(args.map(String).join(' ')) };
    await new AsyncFunction('console', 'modules', code)(console, modules);
    expect(printProblem(lines.join('\n'), block.prints)).toBeUndefined();
  },
);
