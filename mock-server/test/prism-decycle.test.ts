import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// src/prism-decycle.cjs, preloaded into Prism: @stoplight/json's `decycle` with the pointer spelt only for a cycle,
// the same copy and the same `$ref`s as the library's own.
const require = createRequire(import.meta.url);
const prismHttpRequire = createRequire(
  createRequire(require.resolve('@stoplight/prism-cli/package.json')).resolve('@stoplight/prism-http/package.json'),
);
const json = prismHttpRequire('@stoplight/json');
const { installOn } = require('../src/prism-decycle.cjs');
// Loading the preload's module replaced the library's own in this process too (as in Prism's).
const original = json.decycle.original;

type Decycle = (value: unknown, replacer?: (value: unknown) => unknown) => unknown;

/** The library's module with the preload's `decycle`, and how many pointers it spelt. */
function preloaded(): { decycle: Decycle; spelt: () => number } {
  let spelt = 0;
  const module = {
    ...json,
    decycle: original,
    pathToPointer: (path: string[]) => {
      spelt++;
      return json.pathToPointer(path);
    },
  };
  expect(installOn(module)).toBe(true);
  return { decycle: module.decycle, spelt: () => spelt };
}

/** A recursive schema as a dereferenced description holds it: each $ref is now the object it named. */
function documentWithCycles() {
  const person: Record<string, unknown> = { type: 'object', properties: {} };
  const team = { type: 'object', properties: { members: { type: 'array', items: person } } };
  Object.assign(person.properties as object, { manager: person, team, 'a/b~c %é': { type: 'string' } });
  const shared = { type: 'string', maxLength: 80 };
  const list: unknown[] = [shared, shared, null, 3, 'x', new Date(0)];
  list.push(list);
  const bare = Object.create(null);
  bare.self = bare;
  return {
    openapi: '3.1.0',
    paths: { '/people/{id}': { get: { responses: { 200: { content: { 'application/json': { schema: person } } } } } } },
    components: { schemas: { Person: person, Team: team, Name: shared }, list, bare, 'x~1/y': { again: person } },
  };
}

describe("Prism's decycle", () => {
  it('copies as the library does: the same $refs to the same ancestors, keys with / ~ % and é spelt alike', () => {
    const { decycle } = preloaded();
    for (const value of [documentWithCycles(), [documentWithCycles()], 'text', 4, null, undefined]) {
      expect(decycle(value)).toStrictEqual(original(value));
    }
    const copy = decycle(documentWithCycles()) as { components: { schemas: { Person: { properties: object } } } };
    expect(copy.components.schemas.Person.properties).toMatchObject({
      manager: { $ref: '#/components/schemas/Person' },
      team: { properties: { members: { items: { $ref: '#/components/schemas/Person' } } } },
    });
  });

  it('applies a replacer where the library does', () => {
    const { decycle } = preloaded();
    const replacer = (value: unknown) =>
      typeof value === 'object' && value !== null && 'maxLength' in value ? { type: 'string' } : value;
    expect(decycle(documentWithCycles(), replacer)).toStrictEqual(original(documentWithCycles(), replacer));
  });

  it('spells a pointer only for a cycle', () => {
    const { decycle, spelt } = preloaded();
    const wide = { paths: Object.fromEntries([...Array(500).keys()].map((i) => [`/p${i}`, { get: { tags: ['a'] } }])) };
    decycle(wide);
    expect(spelt()).toBe(0);
    decycle(documentWithCycles());
    expect(spelt()).toBeGreaterThan(0);
  });

  it("replaces the decycle Prism's operations read, once", () => {
    expect(json.decycle.spelledOnCycle).toBe(true);
    expect(original.spelledOnCycle).toBeUndefined();
    const module = { ...json, decycle: original };
    expect(installOn(module)).toBe(true);
    expect(module.decycle).not.toBe(original);
    expect(installOn(module)).toBe(false);
    expect(installOn({ decycle: original })).toBe(false);
  });
});
