import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Every operation, the public ones first among them, is rate limited: it declares 429 with Retry-After (issue 8,
// docs/SECURITY.md), and every response carries the RateLimit headers.
type Obj = Record<string, unknown>;
const doc = JSON.parse(readFileSync(new URL('../dist/openapi.json', import.meta.url), 'utf8')) as Obj;
const resolve = (node: unknown): Obj => {
  let current = node as Obj;
  while (typeof current?.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((acc, key) => (acc as Obj)[key.replaceAll('~1', '/')], doc) as Obj;
  }
  return current;
};
const operations = Object.values(doc.paths as Obj).flatMap((item) =>
  Object.values(item as Obj).filter((op): op is Obj => typeof (op as Obj)?.operationId === 'string'),
);

describe('rate limits', () => {
  it.each(operations.map((op) => [op.operationId as string, op] as const))(
    '%s declares 429 with Retry-After',
    (_, op) => {
      const response = resolve((op.responses as Obj)['429']);
      expect(response, 'no 429 response').toBeTruthy();
      expect(Object.keys((response.headers ?? {}) as Obj)).toContain('Retry-After');
    },
  );

  it('sends the RateLimit headers on every response', () => {
    for (const op of operations) {
      for (const [code, raw] of Object.entries(op.responses as Obj)) {
        const headers = Object.keys((resolve(raw).headers ?? {}) as Obj);
        expect(headers, `${op.operationId} ${code}`).toEqual(
          expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Reset']),
        );
      }
    }
  });
});
