import { doc, type Obj } from './bundle.js';

// Every constraint a request can break: each keyword below found in an operation's parameters or request body, where
// it sits. `where` names the component that holds it (`schemas/Id`, `parameters/SearchTerm`) or, for a parameter or
// body written inside an operation, `<operationId>:<in>.<name>` / `<operationId>:body`, then the property path
// (`.captcha`, `.features[]`). Presence (`required`) is not listed: §7 names the fields a call carries.

export const KEYWORDS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
] as const;

export interface Constraint {
  where: string;
  keyword: (typeof KEYWORDS)[number];
  /** Shown for numbers, booleans and formats; patterns, enums and consts are named by their place. */
  value?: string;
}

const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'] as const;

const target = (ref: string) =>
  ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Obj)[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc) as Obj;

const shown = (value: unknown) =>
  typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string' ? String(value) : undefined;

export function requestConstraints(): Constraint[] {
  const found = new Map<string, Constraint>();
  const visit = (node: unknown, owner: string, path: string, trail: ReadonlySet<string>) => {
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Obj;
    if (typeof schema.$ref === 'string') {
      if (trail.has(schema.$ref)) return;
      const owned = schema.$ref.replace('#/components/', '');
      visit(target(schema.$ref), owned, '', new Set([...trail, schema.$ref]));
      return;
    }
    const where = `${owner}${path}`;
    for (const keyword of KEYWORDS) {
      if (!(keyword in schema)) continue;
      const value =
        keyword === 'pattern' || keyword === 'enum' || keyword === 'const' ? undefined : shown(schema[keyword]);
      const constraint: Constraint = value === undefined ? { where, keyword } : { where, keyword, value };
      found.set(`${where} ${keyword}`, constraint);
    }
    for (const [name, child] of Object.entries((schema.properties as Obj) ?? {})) {
      visit(child, owner, `${path}.${name}`, trail);
    }
    visit(schema.items, owner, `${path}[]`, trail);
    visit(schema.additionalProperties, owner, `${path}{}`, trail);
    visit(schema.propertyNames, owner, `${path}<key>`, trail);
    for (const kind of COMPOSITIONS) {
      for (const [index, child] of ((schema[kind] as unknown[]) ?? []).entries()) {
        visit(child, owner, `${path}/${kind}${index}`, trail);
      }
    }
  };
  for (const item of Object.values(doc.paths as Obj)) {
    for (const [method, operation] of Object.entries(item as Obj)) {
      const op = operation as Obj;
      if (method === 'parameters' || typeof op.operationId !== 'string') continue;
      const id = op.operationId;
      for (const raw of [...(((item as Obj).parameters as Obj[]) ?? []), ...((op.parameters as Obj[]) ?? [])]) {
        const ref = typeof raw.$ref === 'string' ? raw.$ref : undefined;
        const parameter = ref ? target(ref) : raw;
        const owner = ref ? ref.replace('#/components/', '') : `${id}:${parameter.in}.${parameter.name}`;
        visit(parameter.schema, owner, '', new Set());
      }
      const body = op.requestBody as Obj | undefined;
      const resolved = typeof body?.$ref === 'string' ? target(body.$ref) : body;
      for (const media of Object.values((resolved?.content as Obj) ?? {})) {
        visit((media as Obj).schema, `${id}:body`, '', new Set());
      }
    }
  }
  return [...found.values()].sort((a, b) => `${a.where} ${a.keyword}`.localeCompare(`${b.where} ${b.keyword}`));
}

/** One line of `coverage/constraints.md`: `- <where> <keyword>` or `- <where> <keyword> = <value>`. */
export const lineOf = (c: Constraint) => `- ${c.where} ${c.keyword}${c.value === undefined ? '' : ` = ${c.value}`}`;
