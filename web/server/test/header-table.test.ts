import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headerTable, headerTableMarkdown } from '../src/header-table.js';
import { securityHeaders } from '../src/security-headers.js';

describe('the header table', () => {
  it('in docs/SECURITY.md is the one the host computes (`npm run generate` writes it)', () => {
    const docs = readFileSync(new URL('../../../docs/SECURITY.md', import.meta.url), 'utf8');
    expect(docs).toContain(`\n${headerTableMarkdown()}\n<!-- END header table -->`);
  });

  it('names every header the host sends on every answer', () => {
    const named = new Set(headerTable().map((row) => row.name));
    for (const name of Object.keys(securityHeaders({ https: true }))) expect(named).toContain(name);
  });
});
