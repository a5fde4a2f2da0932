import { hex, randomBytes } from '../bytes.js';

/** A JSON Schema node of the bundle, as far as the engine reads it. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  example?: unknown;
}

export const newId = () => hex(randomBytes(12));

/** What an operation's success answer is, read from the bundle: the engine shapes every answer by it. */
export interface SuccessShape {
  status: number;
  /** `none` for a 204 (no body). */
  media: 'json' | 'csv' | 'none';
  schema?: Schema;
}

/** What a call sends an operation, as the bundle declares it: its parameters and its body (`$ref`s unresolved). */
export interface RequestShape {
  parameters?: Schema[];
  requestBody?: Schema;
}

interface Bundle {
  paths: Record<string, Record<string, RequestShape & { operationId?: string; responses?: Record<string, unknown> }>>;
  components: Record<string, Record<string, unknown>>;
}

/**
 * The bundle's schemas, resolved: each operation's success answer, and `conform`, which fits a stored record to the
 * schema an answer must satisfy (Prism's validating proxy checks every answer against the same bundle).
 */
export class Schemas {
  readonly #bundle: Bundle;
  readonly #success = new Map<string, SuccessShape>();

  constructor(bundle: Bundle) {
    this.#bundle = bundle;
    for (const operations of Object.values(bundle.paths)) {
      for (const operation of Object.values(operations)) {
        if (!operation?.operationId) continue;
        this.#statuses.set(operation.operationId, Object.keys(operation.responses ?? {}).map(Number));
        this.#requests.set(operation.operationId, operation);
        const shape = this.#successOf(operation.responses ?? {});
        if (shape) this.#success.set(operation.operationId, shape);
      }
    }
  }

  readonly #statuses = new Map<string, number[]>();
  readonly #requests = new Map<string, RequestShape>();

  /** The operation's parameters and body as the bundle declares them. */
  request(operationId: string): RequestShape {
    return this.#requests.get(operationId) ?? {};
  }

  success(operationId: string): SuccessShape | undefined {
    return this.#success.get(operationId);
  }

  /** Every status an operation declares: a problem answer must use one of them. */
  statuses(operationId: string): number[] {
    return this.#statuses.get(operationId) ?? [];
  }

  /** An array schema's item schema, a page's item schema, or the schema itself. */
  itemOf(node: Schema): Schema {
    const schema = this.resolve(node);
    if (schema.items) return schema.items;
    const list = Object.entries(schema.properties ?? {}).find(
      ([name, field]) => name !== 'page' && this.resolve(field).items,
    );
    return list && (schema.required ?? []).includes('total') ? (this.resolve(list[1]).items ?? schema) : schema;
  }

  /** Every 2xx status an operation declares (findOrCreate answers 200 or 201). */
  #successOf(responses: Record<string, unknown>): SuccessShape | undefined {
    const status = Object.keys(responses).find((s) => /^2\d\d$/.test(s));
    if (!status) return undefined;
    const response = this.resolve(responses[status] as Schema) as { content?: Record<string, { schema?: Schema }> };
    const content = response.content ?? {};
    const json = Object.entries(content).find(([type]) => type.includes('json'));
    if (json) return { status: Number(status), media: 'json', ...(json[1].schema ? { schema: json[1].schema } : {}) };
    if (Object.keys(content).some((type) => type.startsWith('text/'))) return { status: Number(status), media: 'csv' };
    return { status: Number(status), media: 'none' };
  }

  readonly #resolved = new WeakMap<Schema, Schema>();

  /** A node with its `$ref` (a JSON pointer into the bundle) followed, and `allOf` merged; kept once resolved. */
  resolve(node: Schema): Schema {
    const known = this.#resolved.get(node);
    if (known) return known;
    let current = node;
    for (let hops = 0; current.$ref && hops < 32; hops++) {
      const pointer = current.$ref.replace(/^#\//, '').split('/');
      let target: unknown = this.#bundle;
      for (const part of pointer) target = (target as Record<string, unknown>)[part.replace(/~1/g, '/')];
      current = { ...(target as Schema), ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== '$ref')) };
    }
    if (current.allOf) {
      const { allOf, ...rest } = current;
      const merged: Schema = { ...rest, properties: { ...rest.properties }, required: [...(rest.required ?? [])] };
      for (const part of allOf.map((p) => this.resolve(p))) {
        const { properties, required, ...other } = part;
        Object.assign(merged, other);
        Object.assign(merged.properties as object, properties);
        merged.required?.push(...(required ?? []));
      }
      current = merged;
    }
    this.#resolved.set(node, current);
    return current;
  }

  /** The object schema's property names (for a page: `items`, `total`). */
  propertiesOf(node: Schema): string[] {
    return Object.keys(this.resolve(node).properties ?? {});
  }

  /**
   * `value` made to satisfy `node`: what was stored is kept where it fits; a required field the record lacks gets the
   * field's default (its `default`, first `enum` value, a fresh id for an id, a time for a date-time), never an
   * operation's example; a field the schema does not allow is dropped.
   */
  conform(node: Schema, value: unknown, now: string): unknown {
    const schema = this.resolve(node);
    const choices = schema.oneOf ?? schema.anyOf;
    if (choices) {
      const fitting = choices.find((choice) => this.fits(choice, value));
      return this.conform(fitting ?? choices[0] ?? {}, value, now);
    }
    if (value === undefined) return this.generate(schema, now);
    const types = typeList(schema);
    if (value === null) return types.includes('null') || types.length === 0 ? null : this.generate(schema, now);
    if (types.includes('array') && Array.isArray(value)) {
      const items = schema.items ?? {};
      // A show's row order is 100,000 ids: checked with one compiled test each, not a walk of the schema per id, and
      // only once per stored array (a write stores a new one; none is changed in place).
      const check = this.#primitiveCheck(items);
      const fitting = check !== null && (this.#verified.get(value) === items || value.every(check));
      if (fitting) this.#verified.set(value, items);
      if (fitting) return value.slice(0, schema.maxItems ?? value.length);
      const kept = value.map((item) => this.conform(items, item, now));
      return schema.maxItems !== undefined ? kept.slice(0, schema.maxItems) : kept;
    }
    if ((types.includes('object') || schema.properties) && isObject(value)) {
      const out: Record<string, unknown> = {};
      const properties = schema.properties ?? {};
      for (const [name, field] of Object.entries(value)) {
        if (name in properties) out[name] = this.conform(properties[name] ?? {}, field, now);
        else if (typeof schema.additionalProperties === 'object')
          out[name] = this.conform(schema.additionalProperties, field, now);
        else if (schema.additionalProperties !== false && Object.keys(properties).length === 0) out[name] = field;
      }
      for (const name of schema.required ?? []) {
        if (out[name] === undefined) out[name] = this.generate(this.resolve(properties[name] ?? {}), now);
      }
      return out;
    }
    return this.fits(schema, value) ? value : this.generate(schema, now);
  }

  readonly #checks = new WeakMap<Schema, ((value: unknown) => boolean) | null>();
  readonly #verified = new WeakMap<unknown[], Schema>();

  /**
   * For a schema of plain values (a string, number or boolean with its bounds, no choices), `fits` as one closure, so
   * a long list of them is checked without resolving the schema per item; null for any other schema.
   */
  #primitiveCheck(node: Schema): ((value: unknown) => boolean) | null {
    const known = this.#checks.get(node);
    if (known !== undefined) return known;
    const schema = this.resolve(node);
    const types = typeList(schema);
    const plain =
      !schema.oneOf &&
      !schema.anyOf &&
      !schema.properties &&
      !schema.items &&
      types.length > 0 &&
      types.every((t) => t === 'string' || t === 'number' || t === 'integer' || t === 'boolean');
    const check = plain
      ? (value: unknown) => value !== null && typeof value !== 'object' && this.fits(schema, value)
      : null;
    const fast =
      check && types.length === 1 && types[0] === 'string' && schema.pattern && !schema.format && !schema.enum
        ? stringCheck(schema)
        : check;
    this.#checks.set(node, fast);
    return fast;
  }

  /** Whether a primitive (or the rough kind of an object) satisfies the node; objects are fitted field by field. */
  fits(node: Schema, value: unknown): boolean {
    const schema = this.resolve(node);
    if (schema.const !== undefined) return schema.const === value;
    if (schema.enum) return schema.enum.includes(value);
    const types = typeList(schema);
    const kind =
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'array'
          : typeof value === 'number'
            ? Number.isInteger(value)
              ? 'integer'
              : 'number'
            : typeof value;
    if (types.length && !types.includes(kind) && !(kind === 'integer' && types.includes('number'))) return false;
    if (kind === 'object') {
      const required = schema.required ?? [];
      return required.every((name) => (value as Record<string, unknown>)[name] !== undefined);
    }
    if (typeof value === 'string') {
      if (schema.minLength !== undefined && value.length < schema.minLength) return false;
      if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
      if (schema.pattern && !patternOf(schema.pattern).test(value)) return false;
      if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) return false;
      if (schema.format === 'email' && !/^[^@\s]+@[^@\s]+$/.test(value)) return false;
      if (schema.format === 'uri' && !URL.canParse(value)) return false;
    }
    if (typeof value === 'number') {
      if (schema.minimum !== undefined && value < schema.minimum) return false;
      if (schema.maximum !== undefined && value > schema.maximum) return false;
    }
    return true;
  }

  /** The value a field takes when nothing was written to it. */
  generate(node: Schema, now: string): unknown {
    const schema = this.resolve(node);
    if (schema.default !== undefined) return structuredClone(schema.default);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum?.length) return schema.enum[0];
    const choices = schema.oneOf ?? schema.anyOf;
    if (choices?.[0]) return this.generate(choices[0], now);
    const types = typeList(schema);
    if (types.includes('null')) return null;
    // A pattern the sandbox cannot build a value for (a provider's `in_…` id, a currency) takes the field's own example.
    const example = schema.example;
    if (schema.pattern && schema.pattern !== '^[0-9a-f]{24}$' && example !== undefined && this.fits(schema, example))
      return example;
    const type = types[0] ?? (schema.properties ? 'object' : 'string');
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const name of schema.required ?? []) out[name] = this.generate(schema.properties?.[name] ?? {}, now);
        return out;
      }
      case 'array':
        return Array.from({ length: schema.minItems ?? 0 }, () => this.generate(schema.items ?? {}, now));
      case 'integer':
      case 'number':
        return schema.minimum ?? 0;
      case 'boolean':
        return false;
      default:
        return stringFor(schema, now);
    }
  }
}

function stringFor(schema: Schema, now: string): string {
  if (schema.pattern === '^[0-9a-f]{24}$') return newId();
  if (schema.format === 'date-time') return now;
  if (schema.format === 'date') return now.slice(0, 10);
  if (schema.format === 'email') return 'nobody@example.com';
  if (schema.format === 'uri') return 'https://example.com/';
  if (schema.pattern?.includes('#') || schema.pattern?.includes('[0-9A-Fa-f]')) return '#6B66F8';
  return 'x'.repeat(Math.max(schema.minLength ?? 0, 0));
}

/** A string schema with a pattern (an id): type, length and pattern, the checks `fits` makes for it. */
function stringCheck(schema: Schema): (value: unknown) => boolean {
  const pattern = patternOf(schema.pattern ?? '');
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const only = schema.const;
  return (value) =>
    typeof value === 'string' &&
    (only === undefined || value === only) &&
    value.length >= min &&
    value.length <= max &&
    pattern.test(value);
}

/** Compiled once per pattern: a list of 100,000 ids is checked against the same one. */
const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let compiled = patterns.get(source);
  if (!compiled) {
    compiled = new RegExp(source, 'u');
    patterns.set(source, compiled);
  }
  return compiled;
}

const typeList = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
