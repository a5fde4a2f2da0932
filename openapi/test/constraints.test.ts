import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doc, type Obj } from './support/bundle.js';
import { lineOf, requestConstraints } from './support/constraints.js';

// Issue 28: the description refuses nothing the specification allows. Every constraint a request can break is listed
// in coverage/constraints.md under its source — a section of the specification, quoted from its text
// (coverage/section-<n>.md, word for word), or an entry of DECISIONS.md, quoted — and none is unaccounted for.

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const flat = (text: string) => text.replace(/\s+/g, ' ');

interface Source {
  heading: string;
  quote: string;
  text: string;
  lines: string[];
}

function sources(): Source[] {
  const found: Source[] = [];
  for (const line of read('../coverage/constraints.md').split('\n')) {
    const heading = /^## (§(\d+)|DECISIONS): "(.+)"$/.exec(line);
    if (heading) {
      const [, , section, quote = ''] = heading;
      const text = section ? read(`../coverage/section-${section}.md`) : read('../DECISIONS.md');
      found.push({ heading: line, quote, text, lines: [] });
    } else if (line.startsWith('- ')) {
      const current = found.at(-1);
      if (!current) throw new Error(`${line} is under no source`);
      current.lines.push(line);
    }
  }
  return found;
}

const listed = sources();
const bundle = requestConstraints().map(lineOf);

describe('every constraint on a request has a source (coverage/constraints.md)', () => {
  it('finds the constraints of every request parameter and body', () => {
    expect(bundle.length).toBeGreaterThan(300);
    expect(bundle).toContain('- schemas/Id pattern');
    expect(bundle).toContain('- parameters/SearchTerm minLength = 2');
  });

  it('lists each constraint of the bundle under a source (none unaccounted for)', () => {
    const accounted = new Set(listed.flatMap((source) => source.lines));
    expect(bundle.filter((line) => !accounted.has(line))).toEqual([]);
  });

  it('lists no constraint the bundle does not have, and each once', () => {
    const all = listed.flatMap((source) => source.lines);
    const have = new Set(bundle);
    expect(all.filter((line) => !have.has(line))).toEqual([]);
    expect(all.filter((line, index) => all.indexOf(line) !== index)).toEqual([]);
  });

  it.each(listed.map((source) => [source.heading, source] as const))('%s: the source says it', (_heading, source) => {
    expect(flat(source.text)).toContain(flat(source.quote));
    expect(source.lines.length).toBeGreaterThan(0);
  });
});

describe('what the specification allows, the description accepts', () => {
  const schemas = (doc.components as Obj).schemas as Record<string, Obj>;
  const patternOf = (name: string) => new RegExp((schemas[name] as Obj).pattern as string, 'u');

  it('caps no RFC 3339 date-time below what RFC 3339 allows (no maxLength on any date-time, anywhere)', () => {
    const capped: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Obj;
      if (schema.format === 'date-time' && 'maxLength' in schema) capped.push(path);
      for (const [key, child] of Object.entries(schema)) walk(child, `${path}/${key}`);
    };
    walk(doc, '');
    expect(capped).toEqual([]);
    const startOn = ((schemas.EventCreateRequest as Obj).properties as Obj).startOn as Obj;
    expect(startOn.format).toBe('date-time');
  });

  it.each([
    "o'brien@example.com",
    'a!#$%&*/=?^`{|}~z@example.com',
    'first.last+tag@sub.example.co.uk',
    'ada@team.mail',
  ])('takes the address %s', (address) => {
    expect(patternOf('Email').test(address)).toBe(true);
  });

  it.each(['Mary.Ann', 'St.John', "O'Brien", 'J. R.'])('takes the name %s', (name) => {
    expect(patternOf('PersonName').test(name)).toBe(true);
  });

  it.each(['https://example.com', 'www.example', 'Ada<'])(
    'refuses the name %s, a link or a forbidden character',
    (name) => {
      expect(patternOf('PersonName').test(name)).toBe(false);
    },
  );
});
