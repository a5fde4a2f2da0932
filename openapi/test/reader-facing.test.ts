import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sampleCalls } from '../src/samples.js';
import { doc, examplesOf, type Obj, operation, operations, resolve } from './support/bundle.js';

// Issue 22: what the docs and the samples tell a reader is true for the operation it sits on, and needs nothing the
// reader does not have (our specification's section numbers).

/** Every string of a JSON value with the keys that lead to it. */
function strings(node: unknown, at: string[] = []): [string[], string][] {
  if (typeof node === 'string') return [[at, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, child]) => strings(child, [...at, key]));
}

describe('the docs cite nothing a reader does not have', () => {
  const prose = strings(doc).filter(([at]) => ['description', 'summary', 'title'].includes(at.at(-1) as string));

  it('names no section of the specification: each states its rule', () => {
    expect(prose.filter(([, text]) => text.includes('§')).map(([at]) => at.join(' > '))).toEqual([]);
  });

  it('does not send the reader to "the specification"', () => {
    expect(prose.filter(([, text]) => /specification/i.test(text)).map(([at]) => at.join(' > '))).toEqual([]);
  });
});

describe('the 422 examples', () => {
  /** The places an operation takes input: `header/X-Request-Id`, `query/size`, `path/teamId`, `body/email`. */
  function places(op: Obj): Set<string> {
    const found = new Set<string>();
    for (const raw of (op.parameters ?? []) as unknown[]) {
      const parameter = resolve(raw);
      found.add(`${parameter.in}/${parameter.name}`);
    }
    const body = op.requestBody ? resolve(op.requestBody) : {};
    for (const media of Object.values((body.content ?? {}) as Obj)) {
      const schema = resolve((media as Obj).schema);
      for (const name of Object.keys((schema.properties ?? {}) as Obj)) found.add(`body/${name}`);
    }
    return found;
  }

  const declaring = operations.filter((o) => (o.op.responses as Obj)['422']);

  it.each(declaring.map((o) => [o.id, o] as const))('of %s name a place the call has', (_, o) => {
    const own = places(o.op);
    for (const example of examplesOf(o.op, '422')) {
      for (const error of (example.errors ?? []) as Obj[]) {
        const [part, name] = error.location as string[];
        expect(own, `${(error.location as string[]).join('.')}`).toContain(`${part}/${name}`);
      }
    }
  });
});

describe('what the docs say about retries', () => {
  const intro = String((doc.info as Obj).description);

  it('does not call a 500 retryable on the front page', () => {
    const lines = intro.split('\n').filter((line) => /\b500\b/.test(line));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/may be retried|(?<!not )retried/i);
  });

  it('says a 429 is retried after 100 ms, and by the SDK only while Retry-After is at most 2 seconds', () => {
    const text = String(resolve((operation('teams.get').op.responses as Obj)['429']).description);
    expect(text).toMatch(/100 ms/);
    expect(text).toMatch(/at most 2 seconds/);
    expect(intro).toMatch(/`Retry-After` asks for more than 2 seconds/);
  });
});

describe('the samples keep the rules of their own operation', () => {
  const samples = new Map(sampleCalls(doc as never).map((call) => [call.operationId, call]));
  const exampleObjects = strings(doc)
    .filter(([at]) => at.at(-1) === '_id')
    .map(([at, id]) => ({ at: at.slice(0, -1), id }));
  const objectAt = (at: string[]) => at.reduce<unknown>((node, key) => (node as Obj)?.[key], doc) as Obj;

  it.each(operations.filter((o) => o.path.includes('/folder/{id}')).map((o) => [o.id] as const))(
    '%s names a folder, not a file',
    (id) => {
      const sampled = samples.get(id)?.params.id;
      const folders = exampleObjects.filter((e) => objectAt(e.at).displayType === 'folder').map((e) => e.id);
      expect(folders).toContain(sampled);
    },
  );

  it.each(['shows.archiveTemplate', 'shows.restoreTemplate'])('%s names a template', (id) => {
    const [answer] = examplesOf(operation(id).op, '200');
    expect(answer?.template).toBe(true);
    expect(samples.get(id)?.params.showId).toBe(answer?._id);
  });
});

describe('the proxy-mode description', () => {
  const proxy = JSON.parse(readFileSync(new URL('../dist/openapi.proxy.json', import.meta.url), 'utf8')) as Obj;
  const declared = Object.keys(((proxy.components as Obj).securitySchemes ?? {}) as Obj);
  const requirements = [
    ['(root)', proxy.security] as const,
    ...Object.entries(proxy.paths as Obj).map(([path, item]) => [path, ((item as Obj).post as Obj).security] as const),
  ];

  it.each(requirements)('%s requires only schemes it declares', (_, security) => {
    for (const requirement of (security ?? []) as Obj[]) {
      for (const scheme of Object.keys(requirement)) expect(declared).toContain(scheme);
    }
  });
});

// Issue 28: a reader of any operation's page learns its proxy-mode address (the docs test in Chromium opens a sample
// of the pages; this holds it for all of them).
describe('each operation tells its reader its proxy-mode address', () => {
  it.each(operations.map((o) => [o.id, o] as const))('%s', (id, { op }) => {
    const address = `POST ${op['x-upload'] === true ? '/api/upload/' : '/api/'}${id}`;
    expect(String(op.description)).toContain(`**Proxy mode:** \`${address}\``);
  });
});
