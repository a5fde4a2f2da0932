import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// src/prism-schema-cache.cjs, the compile cache preloaded into Prism: the same rules share one validator, and
// anything that validates differently gets its own.
const require = createRequire(import.meta.url);
const prismHttp = require.resolve('@stoplight/prism-cli/package.json');
const Ajv = createRequire(createRequire(prismHttp).resolve('@stoplight/prism-http/package.json'))('ajv').default;
require('../src/prism-schema-cache.cjs');

type Validate = ((value: unknown) => boolean) & { errors?: unknown };
const bundle = { components: {} };
const ajv = new Ajv({ allErrors: true, strict: false });
const compile = (schema: object): Validate => ajv.compile({ ...schema, __bundled__: bundle });

const header = (id: string, description: string) => ({
  type: 'object',
  description,
  'x-stoplight': { id },
  properties: { 'x-request-id': { type: 'string', maxLength: 256, examples: [id], description } },
});

describe("Prism's compile cache", () => {
  it('gives schemas that differ only in annotations one validator', () => {
    expect(compile(header('a1', 'On events.get.'))).toBe(compile(header('b2', 'On shows.get.')));
  });

  it('keeps a property called description, and the data of enum and const, as rules', () => {
    const withDescription = compile({
      type: 'object',
      required: ['description'],
      properties: { description: { type: 'string' } },
    });
    const withTitle = compile({ type: 'object', required: ['title'], properties: { title: { type: 'string' } } });
    expect(withDescription).not.toBe(withTitle);
    expect(withDescription({ description: 'x' })).toBe(true);
    expect(withDescription({ title: 'x' })).toBe(false);
    const one = compile({ enum: [{ description: 'a' }] });
    const other = compile({ enum: [{ description: 'b' }] });
    expect(one).not.toBe(other);
    expect(other({ description: 'b' })).toBe(true);
  });

  it('keeps each bundle and each Ajv instance apart, and leaves schemas without a bundle alone', () => {
    const schema = { type: 'string', maxLength: 3 };
    expect(ajv.compile({ ...schema, __bundled__: { other: true } })).not.toBe(compile(schema));
    const strictAjv = new Ajv({ allErrors: true, strict: false, coerceTypes: true });
    expect(strictAjv.compile({ ...schema, __bundled__: bundle })).not.toBe(compile(schema));
    expect(ajv.compile({ type: 'number' })).not.toBe(ajv.compile({ type: 'number' }));
  });
});
