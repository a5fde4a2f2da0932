import { describe, expect, it } from 'vitest';
import { doc, type Obj, operations, resolve } from './support/bundle.js';

// Issue 28: one rule for ids (DECISIONS.md, "Ids"). A record the product stores under an id of its own answers that
// id as `_id`, as §3 writes for User, Team and Label; the named form (`leadId`, `subscriptionId`) is the path
// parameter and the name every other record, payload or query uses to point at it. The payment provider's objects
// keep the provider's ids under their `stripe…Id` names: those are not the product's ids.

const schemas = (doc.components as Obj).schemas as Record<string, Obj>;

/** A product id: §9's 24 characters, MongoDB's ObjectId (`Id.yaml`). */
const isProductId = (node: unknown) => resolve(node).pattern === '^[0-9a-f]{24}$';

/** `StripeSubscription` → `subscription`, `ActivityAudit` → `activityAudit`: the kind a schema's records are. */
const kindOf = (name: string) => {
  const bare = name.replace(/^Stripe(?=[A-Z])/, '');
  return bare[0]?.toLowerCase() + bare.slice(1);
};

/** The product ids path parameters name (`leadId` → `lead`), with the operations that use each. */
function namedKinds(): Map<string, string[]> {
  const kinds = new Map<string, string[]>();
  for (const { id, op } of operations) {
    for (const raw of (op.parameters ?? []) as unknown[]) {
      const parameter = resolve(raw);
      const name = String(parameter.name);
      if (parameter.in !== 'path' || !name.endsWith('Id') || !isProductId(parameter.schema)) continue;
      const kind = name.slice(0, -2);
      kinds.set(kind, [...(kinds.get(kind) ?? []), id]);
    }
  }
  return kinds;
}

/** The schemas answered by some operation's 2xx JSON, as themselves, as array items or as a page's `items`. */
function answeredSchemas(): Set<string> {
  const names = new Set<string>();
  const nameOf = (node: unknown) => {
    const ref = (node as Obj | undefined)?.$ref;
    return typeof ref === 'string' ? ref.split('/').pop() : undefined;
  };
  const add = (node: unknown) => {
    const name = nameOf(node);
    if (name) names.add(name);
    const schema = resolve(node);
    if (schema.type === 'array') add(schema.items);
    const items = (schema.properties as Obj | undefined)?.items;
    if (items) add(items);
  };
  for (const { op } of operations) {
    for (const [code, raw] of Object.entries(op.responses as Obj)) {
      if (!code.startsWith('2')) continue;
      for (const [type, media] of Object.entries((resolve(raw).content ?? {}) as Obj)) {
        if (type.includes('json')) add((media as Obj).schema);
      }
    }
  }
  return names;
}

describe('ids: a record answers its own id as `_id`, and the named form points at it', () => {
  it('no schema names its own product id after its kind (`Lead.leadId`, `StripeSubscription.subscriptionId`)', () => {
    const named = Object.entries(schemas).flatMap(([name, schema]) => {
      const own = `${kindOf(name)}Id`;
      const property = (schema.properties as Obj | undefined)?.[own];
      return property && isProductId(property) ? [`${name}.${own}`] : [];
    });
    expect(named).toEqual([]);
  });

  it('every answered record of a kind a path names requires `_id` and carries no id under the path name', () => {
    const answered = answeredSchemas();
    const kinds = namedKinds();
    const records = Object.keys(schemas).filter((name) => answered.has(name) && kinds.has(kindOf(name)));
    // The kinds §3 names with `_id` and the ones it names by their ids alone, so the walk cannot silently shrink.
    for (const kind of ['user', 'team', 'label', 'event', 'show', 'lead', 'tag', 'subscription', 'row', 'eventDoc'])
      expect(records.map(kindOf), kind).toContain(kind);
    const broken = records.filter((name) => {
      const schema = schemas[name] as Obj;
      const properties = (schema.properties ?? {}) as Obj;
      return !(schema.required as string[] | undefined)?.includes('_id') || `${kindOf(name)}Id` in properties;
    });
    expect(broken).toEqual([]);
  });

  it('every record an answer example shows, at its top or in a list, carries `_id` where its schema does', () => {
    const wrong: string[] = [];
    for (const { id, op } of operations) {
      for (const [code, raw] of Object.entries(op.responses as Obj)) {
        if (!code.startsWith('2')) continue;
        for (const media of Object.values((resolve(raw).content ?? {}) as Obj)) {
          const schema = resolve((media as Obj).schema);
          const record = resolve(schema.type === 'array' ? schema.items : schema);
          if (!(record.required as string[] | undefined)?.includes('_id')) continue;
          for (const [name, example] of Object.entries(((media as Obj).examples ?? {}) as Obj)) {
            const value = resolve(example).value;
            for (const item of Array.isArray(value) ? value : [value]) {
              if (typeof item === 'object' && item !== null && !('_id' in item)) wrong.push(`${id} ${code} ${name}`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
