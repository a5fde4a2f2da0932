import { readFileSync } from 'node:fs';

// The bundle (`npm run build -w openapi`) as the tests read it: every operation with its method, path and security.
export type Obj = Record<string, unknown>;

export const doc = JSON.parse(readFileSync(new URL('../../dist/openapi.json', import.meta.url), 'utf8')) as Obj;

/** Follows local `$ref`s of the bundle. */
export function resolve(node: unknown): Obj {
  let current = node as Obj;
  while (typeof current?.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((acc, key) => (acc as Obj)[key.replaceAll('~1', '/')], doc) as Obj;
  }
  return current;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  op: Obj;
  /** The security alternatives that apply (the operation's own or the root default). */
  security: Obj[];
}

export const operations: Operation[] = Object.entries(doc.paths as Obj).flatMap(([path, item]) =>
  Object.entries(item as Obj)
    .filter(([, op]) => typeof (op as Obj)?.operationId === 'string')
    .map(([method, op]) => ({
      id: (op as Obj).operationId as string,
      method: method.toUpperCase(),
      path,
      op: op as Obj,
      security: ((op as Obj).security ?? doc.security) as Obj[],
    })),
);

export function operation(id: string): Operation {
  const found = operations.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

/** The named examples' values of one response of an operation. */
export function examplesOf(op: Obj, code: string): Obj[] {
  const response = resolve((op.responses as Obj)[code]);
  return Object.values((response.content ?? {}) as Obj).flatMap((media) =>
    Object.values(((media as Obj).examples ?? {}) as Obj).map((example) => resolve(example).value as Obj),
  );
}
