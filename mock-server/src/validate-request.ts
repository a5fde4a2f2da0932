// Prism's checks without Prism (issue 32): the MSW twin validates each call and each answer against the description
// and reports what they broke in Prism's words (`Request body property email must match format "email"`, Ajv's
// phrasing behind Prism's prefixes), so the request core turns a broken call into the same 422 the HTTP mock answers,
// and the twin a broken answer into the same 500 Prism's `--errors` gives. @cfworker/json-schema
// evaluates schemas without `eval` or `new Function`, so a page's Content-Security-Policy does not get in its way.
import { dereference, type OutputUnit, type Schema, validate } from '@cfworker/json-schema';
import type { Violation } from './violations.js';

/** The parts of an OpenAPI 3.1 document this reads. */
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  $ref?: string;
}
interface Content {
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: Content & { required?: boolean; $ref?: string };
  responses?: Record<string, Content & { headers?: Record<string, Parameter>; $ref?: string }>;
}
export interface Description {
  paths: Record<string, Record<string, unknown> & { parameters?: Parameter[] }>;
  components?: { schemas?: Record<string, Schema> };
}

export interface CheckedCall {
  operationId: string;
  /** Path parameters, decoded. */
  path: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  /** The parsed JSON body (undefined when none, or not JSON), or a multipart form's fields. */
  body: unknown;
  hasBody: boolean;
  contentType: string | null;
}

const BASE = 'https://runofshow.invalid/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const PREFIX = { path: 'Request path parameter', query: 'Request query parameter', header: 'Request header parameter' };

interface PreparedResponse {
  /** The declared media types in order, each with its schema when it has one. */
  contents: [string, Schema | undefined][];
  headers: (Parameter & { schema: Schema })[];
}

interface Prepared {
  parameters: (Parameter & { schema: Schema })[];
  body?: { required: boolean; schemas: Record<string, Schema> };
  /** The answers by status code as the description writes it (`200`, `4XX`, `default`). */
  responses: () => Map<string, PreparedResponse>;
}

/** An answer as Prism's validating proxy sees it. */
export interface CheckedAnswer {
  operationId: string;
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text of any other; undefined when there is none. */
  body: unknown;
}

export class DescriptionValidator {
  readonly #description: Description;
  readonly #lookup: ReturnType<typeof dereference>;
  readonly #operations = new Map<string, Prepared>();

  constructor(description: Description) {
    this.#description = description;
    // Only the component schemas are indexed (the rest of the document is no schema): `#/components/schemas/X`
    // inside them resolves against the same base.
    this.#lookup = dereference({ $id: BASE, components: { schemas: description.components?.schemas ?? {} } } as Schema);
    for (const item of Object.values(description.paths)) {
      for (const method of METHODS) {
        const operation = item[method] as Operation | undefined;
        if (!operation?.operationId) continue;
        this.#operations.set(operation.operationId, this.#prepare(operation, item.parameters ?? []));
      }
    }
  }

  #resolve<T>(node: T & { $ref?: string }): T {
    let current: unknown = node;
    for (let hops = 0; hops < 10 && typeof current === 'object' && current !== null && '$ref' in current; hops++) {
      const ref = (current as { $ref: string }).$ref;
      if (!ref.startsWith('#/') || ref.startsWith('#/components/schemas/')) break;
      current = ref
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], this.#description);
    }
    return current as T;
  }

  #count = 0;

  /**
   * A schema of the operation, indexed under an address of its own, its `#/components/schemas/…` references made
   * absolute so they still lead into the document's components.
   */
  #schema(schema: Schema): Schema {
    const absolute = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(absolute);
      if (typeof node !== 'object' || node === null) return node;
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [
          k,
          k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${BASE}${v}` : absolute(v),
        ]),
      );
    };
    const own = absolute(schema) as Schema;
    dereference(own, this.#lookup, new URL(`https://runofshow.invalid/operation/${++this.#count}`));
    return own;
  }

  #prepare(operation: Operation, shared: Parameter[]): Prepared {
    const byKey = new Map<string, Parameter>();
    for (const p of [...shared, ...(operation.parameters ?? [])].map((p) => this.#resolve<Parameter>(p))) {
      byKey.set(`${p.in}:${p.name}`, p);
    }
    const parameters = [...byKey.values()]
      .filter((p) => p.in !== 'cookie' && p.schema)
      .map((p) => ({
        ...p,
        name: p.in === 'header' ? p.name.toLowerCase() : p.name,
        schema: this.#schema(p.schema as Schema),
      }));
    const body = operation.requestBody && this.#resolve(operation.requestBody);
    const schemas: Record<string, Schema> = {};
    for (const [media, { schema }] of Object.entries(body?.content ?? {})) {
      if (schema) schemas[media] = this.#schema(schema);
    }
    // The answers' schemas are compiled when the operation first answers: most never do in one test, and the twin
    // starts inside a page.
    let responses: Map<string, PreparedResponse> | undefined;
    const prepareResponses = () => {
      responses ??= new Map(
        Object.entries(operation.responses ?? {}).map(([code, raw]) => {
          const response = this.#resolve(raw);
          const contents = Object.entries(response.content ?? {}).map(
            ([media, { schema }]): [string, Schema | undefined] => [media, schema ? this.#schema(schema) : undefined],
          );
          const headers = Object.entries(response.headers ?? {}).flatMap(([name, raw]) => {
            const header = this.#resolve(raw);
            return header.schema ? [{ ...header, name: name.toLowerCase(), schema: this.#schema(header.schema) }] : [];
          });
          return [code, { contents, headers }];
        }),
      );
      return responses;
    };
    return {
      parameters,
      ...(body?.content ? { body: { required: body.required ?? false, schemas } } : {}),
      responses: prepareResponses,
    };
  }

  /**
   * The rules an answer broke, as Prism's validating proxy lists them (`location` starting with `response`): its
   * status among the declared ones, its media type, its body and its declared headers. A status the description does
   * not list is an error for a 2xx and a warning otherwise, as in Prism. (Prism also drops `writeOnly` properties from
   * an answer's schema; no answer of ours requires one, so nothing here depends on it.)
   */
  checkAnswer(answer: CheckedAnswer): Violation[] {
    const operation = this.#operations.get(answer.operationId);
    if (!operation) return [];
    const responses = operation.responses();
    const declared = [...responses.keys()];
    const code = declared
      .filter((c) => c === 'default' || new RegExp(`^${c.replace(/X/g, '\\d')}$`).test(String(answer.status)))
      .sort((a, b) => (a === 'default' ? 1 : b === 'default' ? -1 : a.split('X').length - b.split('X').length))[0];
    const response = code === undefined ? undefined : responses.get(code);
    if (!response) {
      return [
        {
          location: ['response'],
          severity: answer.status >= 200 && answer.status < 300 ? 'Error' : 'Warning',
          message: `Unable to match the returned status code with those defined in the document: ${declared.join(',')}`,
        },
      ];
    }
    const violations: Violation[] = [];
    const type = answer.headers.get('content-type');
    const essence = type?.split(';')[0]?.trim().toLowerCase();
    if (response.contents.length && !response.contents.some(([media]) => media === essence)) {
      const listed = response.contents.map(([media]) => media);
      violations.push({
        location: ['response'],
        severity: 'Error',
        message: `The received media type "${type ?? ''}" does not match the one${listed.length > 1 ? 's' : ''} specified in the current response: ${listed.join(', ')}`,
      });
    }
    const schema = (response.contents.find(([media]) => media === essence) ?? response.contents[0])?.[1];
    if (schema && answer.body !== undefined) {
      for (const unit of this.#errors(answer.body, schema)) {
        violations.push(violation(unit, ['response', 'body'], 'Response body'));
      }
    }
    for (const header of response.headers) {
      const raw = answer.headers.get(header.name);
      if (raw === null) continue;
      for (const unit of this.#errors(coerce(header.schema, this.#lookup, [raw]), header.schema)) {
        violations.push(
          violation(unit, ['response', 'header', header.name], `Response header parameter ${header.name}`),
        );
      }
    }
    return violations;
  }

  /** The rules the call broke, as Prism lists them (`location` starting with `request`); none when it kept to them. */
  check(call: CheckedCall): Violation[] {
    const operation = this.#operations.get(call.operationId);
    if (!operation) return [];
    const violations: Violation[] = [];
    for (const parameter of operation.parameters) {
      const where = parameter.in as 'path' | 'query' | 'header';
      const raw =
        where === 'path'
          ? call.path[parameter.name]
          : where === 'query'
            ? call.query.getAll(parameter.name)
            : call.headers.get(parameter.name);
      const absent = raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0);
      if (absent) {
        if (parameter.required) {
          violations.push({
            location: ['request', where],
            severity: 'Error',
            code: 'required',
            message: `${PREFIX[where]} must have required property '${parameter.name}'`,
          });
        }
        continue;
      }
      const value = coerce(parameter.schema, this.#lookup, Array.isArray(raw) ? raw : [raw]);
      for (const unit of this.#errors(value, parameter.schema)) {
        violations.push(violation(unit, ['request', where, parameter.name], `${PREFIX[where]} ${parameter.name}`));
      }
    }
    const body = operation.body;
    if (body) {
      const media = call.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
      const schema = body.schemas[media] ?? (call.hasBody ? undefined : Object.values(body.schemas)[0]);
      if (!call.hasBody) {
        if (body.required) {
          violations.push({
            location: ['request', 'body'],
            severity: 'Error',
            code: 'required',
            message: 'Body parameter is required',
          });
        }
      } else if (schema && call.body !== undefined) {
        for (const unit of this.#errors(call.body, schema)) {
          violations.push(violation(unit, ['request', 'body'], 'Request body'));
        }
      }
    }
    return violations;
  }

  #errors(instance: unknown, schema: Schema): (OutputUnit & { schema: Record<string, unknown> | undefined })[] {
    const result = validate(instance, schema, '2020-12', this.#lookup, false);
    if (result.valid) return [];
    return result.errors
      .filter((unit) => !WRAPPERS.has(unit.keyword))
      .map((unit) => ({ ...unit, schema: schemaAt(schema, this.#lookup, unit.keywordLocation) }));
  }
}

/** Keywords whose errors only say a subschema failed (its own errors are listed beside them). */
const WRAPPERS = new Set([
  '$ref',
  '$recursiveRef',
  'properties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  'then',
  'else',
  'dependentSchemas',
  'unevaluatedItems',
  'false',
]);

/** The schema object holding the keyword a `keywordLocation` names (`#/$ref/properties/email/pattern`). */
function schemaAt(
  root: Schema,
  lookup: ReturnType<typeof dereference>,
  keywordLocation: string,
): Record<string, unknown> | undefined {
  const parts = keywordLocation.split('/').slice(1, -1);
  let at: unknown = root;
  for (const raw of parts) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (part === '$ref') {
      const ref = (at as { __absolute_ref__?: string } | undefined)?.__absolute_ref__;
      at = ref ? lookup[ref] : undefined;
    } else at = (at as Record<string, unknown> | undefined)?.[part];
  }
  return typeof at === 'object' && at !== null ? (at as Record<string, unknown>) : undefined;
}

/** Query, path and header values are text: read as the number, boolean or list their schema asks for, as Prism does. */
function coerce(schema: Schema, lookup: ReturnType<typeof dereference>, values: string[]): unknown {
  let node = schema as Record<string, unknown>;
  for (let hops = 0; hops < 5 && typeof node.__absolute_ref__ === 'string'; hops++) {
    node = (lookup[node.__absolute_ref__] ?? {}) as Record<string, unknown>;
  }
  const types = ([] as unknown[]).concat(node.type ?? []);
  if (types.includes('array')) {
    const items = (node.items ?? {}) as Schema;
    return values.flatMap((v) => v.split(',')).map((v) => coerce(items, lookup, [v]));
  }
  const value = values[0] ?? '';
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)) {
    return Number(value);
  }
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** One validator error in Prism's words: its prefix, the property, then Ajv's message for the keyword. */
function violation(
  unit: OutputUnit & { schema: Record<string, unknown> | undefined },
  location: string[],
  prefix: string,
): Violation {
  const path = unit.instanceLocation
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const keyword = unit.keyword;
  const s = unit.schema ?? {};
  let message: string;
  switch (keyword) {
    case 'required':
      message = `must have required property '${/"(.*)"/.exec(unit.error)?.[1] ?? ''}'`;
      break;
    case 'pattern':
      message = `must match pattern "${String(s.pattern)}"`;
      break;
    case 'format':
      message = `must match format "${String(s.format)}"`;
      break;
    case 'minLength':
      message = `must NOT have fewer than ${String(s.minLength)} characters`;
      break;
    case 'maxLength':
      message = `must NOT have more than ${String(s.maxLength)} characters`;
      break;
    case 'minItems':
      message = `must NOT have fewer than ${String(s.minItems)} items`;
      break;
    case 'maxItems':
      message = `must NOT have more than ${String(s.maxItems)} items`;
      break;
    case 'type':
      message = `must be ${([] as unknown[]).concat(s.type ?? []).join(',')}`;
      break;
    case 'enum':
      message = 'must be equal to one of the allowed values';
      break;
    case 'const':
      message = 'must be equal to constant';
      break;
    case 'minimum':
      message = `must be >= ${String(s.minimum)}`;
      break;
    case 'maximum':
      message = `must be <= ${String(s.maximum)}`;
      break;
    case 'additionalProperties':
      message = 'must NOT have additional properties';
      break;
    default:
      message = unit.error;
  }
  const where = path.length ? ` property ${path.join('.')}` : '';
  return {
    location: [...location, ...path],
    severity: 'Error',
    code: keyword,
    message: `${prefix}${where} ${message}`,
  };
}
