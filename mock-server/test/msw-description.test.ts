import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exampleAnswer } from '../src/msw/examples.js';
import { slimDescription } from '../src/msw/slim-description.js';
import { type Description, DescriptionValidator } from '../src/validate-request.js';

// Issue 32: the MSW twin carries openapi/dist/openapi.msw.json, the bundle without its prose. It must be the bundle's
// slim copy as built now, and the twin must answer and judge on it exactly as on the whole bundle.
const read = (name: string) => readFileSync(new URL(`../../openapi/dist/${name}`, import.meta.url), 'utf8');
const full = JSON.parse(read('openapi.json')) as Description & Record<string, unknown>;
const slimText = read('openapi.msw.json');
const slim = JSON.parse(slimText) as Description;

type Operation = Parameters<typeof exampleAnswer>[1] & { operationId: string };

const operations = (description: Description): Operation[] =>
  Object.values(description.paths).flatMap((item) =>
    Object.values(item).filter(
      (value): value is Operation => typeof value === 'object' && value !== null && 'operationId' in value,
    ),
  );

describe('the MSW twin’s description', () => {
  it('is the bundle’s slim copy as built now (npm run build -w openapi writes it)', () => {
    expect(slimText === JSON.stringify(slimDescription(full))).toBe(true);
    expect(slimText.length).toBeLessThan(JSON.stringify(full).length * 0.6);
  });

  it('keeps every operation, and gives each the same example answers as the bundle', () => {
    const fromSlim = new Map(operations(slim).map((op) => [op.operationId, op]));
    expect([...fromSlim.keys()].sort()).toEqual(
      operations(full)
        .map((op) => op.operationId)
        .sort(),
    );
    for (const op of operations(full)) {
      const other = fromSlim.get(op.operationId) ?? { operationId: op.operationId };
      for (const prefer of [null, 'code=401', 'code=422']) {
        expect(exampleAnswer(slim, other, prefer), `${op.operationId} ${prefer}`).toEqual(
          exampleAnswer(full, op, prefer),
        );
      }
    }
  });

  it('judges answers and calls as the bundle does: the same rules broken in the same words', () => {
    const [onFull, onSlim] = [new DescriptionValidator(full), new DescriptionValidator(slim)];
    let broken = 0;
    // Every eighth operation (the schemas compile on first use: all of them twice would take seconds).
    for (const op of operations(full).filter((_, i) => i % 8 === 0)) {
      const answer = exampleAnswer(full, op, null);
      const json = /json/.test(answer.headers['content-type'] ?? '');
      const body = answer.body === undefined || !json ? answer.body : JSON.parse(answer.body);
      // The example itself, then with every field a number, then a string no pattern or format allows.
      const all = (value: unknown) =>
        typeof body === 'object' && body !== null && !Array.isArray(body)
          ? Object.fromEntries(Object.keys(body).map((k) => [k, value]))
          : value;
      for (const sent of [body, all(42), all('!')]) {
        const check = (validator: DescriptionValidator) =>
          validator.checkAnswer({
            operationId: op.operationId,
            status: answer.status,
            headers: new Headers({ ...answer.headers, 'ratelimit-limit': 'many' }),
            body: sent,
          });
        const verdict = check(onFull);
        broken += verdict.length;
        expect(check(onSlim), op.operationId).toEqual(verdict);
      }
      const call = {
        operationId: op.operationId,
        path: {},
        query: new URLSearchParams('page=x'),
        headers: new Headers(),
        body: { title: 42, email: '!', _id: '!' },
        hasBody: true,
        contentType: 'application/json',
      };
      expect(onSlim.check(call), op.operationId).toEqual(onFull.check(call));
    }
    // The comparison means something: most answers broke rules.
    expect(broken).toBeGreaterThan(100);
  });
});
