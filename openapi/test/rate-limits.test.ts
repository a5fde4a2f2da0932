import { describe, expect, it } from 'vitest';
import { type Obj, operations, resolve } from './support/bundle.js';

// Every operation, the public ones first among them, is rate limited: it declares 429 with Retry-After (issue 8,
// docs/SECURITY.md), and every response carries the RateLimit headers.
describe('rate limits', () => {
  it.each(operations.map(({ id, op }) => [id, op] as const))('%s declares 429 with Retry-After', (_, op) => {
    const response = resolve((op.responses as Obj)['429']);
    expect(response, 'no 429 response').toBeTruthy();
    expect(Object.keys((response.headers ?? {}) as Obj)).toContain('Retry-After');
  });

  it('sends the RateLimit headers on every response', () => {
    for (const { id, op } of operations) {
      for (const [code, raw] of Object.entries(op.responses as Obj)) {
        const headers = Object.keys((resolve(raw).headers ?? {}) as Obj);
        expect(headers, `${id} ${code}`).toEqual(expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Reset']));
      }
    }
  });
});
