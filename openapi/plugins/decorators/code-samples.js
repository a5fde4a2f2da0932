// @ts-check
// Writes each operation's TypeScript SDK call into the bundle as `x-codeSamples`, which the docs show beside the
// operation (issue 12, point 8): the facade form (`api.users.create({ payload })`) and the path form
// (`api.POST('/users', { body })`, or `api.upload(...)` for a file). The values are the operation's own examples —
// path and required query parameters, the first request body example — so the sample is the call the example walk
// proves the mock answers. `npm test` compiles every sample against the SDK's types
// (`openapi/test/code-samples.test.ts`), so a sample cannot drift from the code.

import { exampleOf } from '../../src/example-of.js';
import { proxySample } from './proxy-sample.js';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
const WIDTH = 100;

/** @typedef {{ resolve: (node: any, from?: string) => { node: any, location?: { source: { absoluteRef: string } } } }} Ctx */

/**
 * Follows `$ref`s from file to file: the tree a decorator sees still points at files.
 * @param {Ctx} ctx
 * @param {any} node
 * @param {string} [from]
 * @returns {{ node: any, from: string | undefined }}
 */
function follow(ctx, node, from) {
  let current = node;
  let base = from;
  for (let i = 0; i < 10 && current && typeof current.$ref === 'string'; i++) {
    const resolved = ctx.resolve(current, base);
    current = resolved.node;
    base = resolved.location?.source.absoluteRef ?? base;
  }
  return { node: current, from: base };
}

/** A TypeScript literal of a JSON value: one line when it fits, otherwise one entry per line. */
function literal(/** @type {unknown} */ value, indent = '') {
  if (typeof value === 'string') {
    const json = JSON.stringify(value).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'");
    return `'${json}'`;
  }
  if (value === null || typeof value !== 'object') return String(value);
  const inner = `${indent}  `;
  /** @type {string[]} */
  const parts = Array.isArray(value)
    ? value.map((item) => literal(item, inner))
    : Object.entries(value).map(([key, item]) => `${keyOf(key)}: ${literal(item, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{ ', ' }'];
  if (parts.length === 0) return Array.isArray(value) ? '[]' : '{}';
  const oneLine = `${open}${parts.join(', ')}${close}`;
  if (!oneLine.includes('\n') && indent.length + oneLine.length <= WIDTH - 20) return oneLine;
  return `${open.trim()}\n${parts.map((part) => `${inner}${part},`).join('\n')}\n${indent}${close.trim()}`;
}

const keyOf = (/** @type {string} */ key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : literal(key));

/**
 * The plural of a schema name, as a reader would write it: `Category` → `Categories`, `UserSummary` →
 * `UserSummaries`, `EventWithShows` → `EventsWithShows` (the noun before `With` takes it).
 */
function plural(/** @type {string} */ name) {
  const [head, tail = ''] = name.split(/(?=With[A-Z])/);
  const noun = /[^aeiou]y$/.test(head)
    ? `${head.slice(0, -1)}ies`
    : /(s|x|z|ch|sh)$/.test(head)
      ? `${head}es`
      : `${head}s`;
  return `${noun}${tail}`;
}

/** `Team` → `team`, an array of `Event` → `events`, CSV → `csv`; `result` when the schema has no name. */
function resultName(/** @type {any} */ response) {
  const content = response?.content ?? {};
  const types = Object.keys(content);
  if (types.length === 0) return undefined;
  if (types.every((type) => type.startsWith('text/csv'))) return 'csv';
  const schema = content[types[0]]?.schema ?? {};
  const nameOf = (/** @type {any} */ node) =>
    typeof node?.$ref === 'string'
      ? node.$ref
          .split('/')
          .pop()
          .replace(/\.yaml$/, '')
      : undefined;
  const single = nameOf(schema);
  const many = schema.type === 'array' ? nameOf(schema.items) : undefined;
  const name = single ?? (many ? plural(many) : undefined);
  if (!name) return 'result';
  const camel = name[0].toLowerCase() + name.slice(1);
  // Names a sample already uses, or words TypeScript reserves.
  return ['api', 'file', 'data', 'delete', 'default', 'function'].includes(camel) ? 'result' : camel;
}

/** `{ key: value }` with the entries' values as literals, or undefined when there are none. */
function objectOf(/** @type {Record<string, unknown>} */ entries, indent = '') {
  return Object.keys(entries).length ? literal(entries, indent) : undefined;
}

/** `({ a, b })` laid out like the literals: on one line when it fits. */
function call(
  /** @type {string} */ head,
  /** @type {string[]} */ args,
  /** @type {[string, string | undefined][]} */ fields,
) {
  const present = fields
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => (key === value ? key : `${key}: ${value}`));
  const all = [...args, ...(present.length ? [`{ ${present.join(', ')} }`] : [])];
  const oneLine = `${head}(${all.join(', ')});`;
  if (!oneLine.includes('\n') && oneLine.length <= WIDTH) return oneLine;
  const body = present.map((field) => `  ${field},`).join('\n');
  return `${head}(${[...args, ''].join(', ')}{\n${body}\n});`;
}

export default function codeSamples() {
  /** @type {string | undefined} */
  let path;
  return {
    PathItem: {
      /** @param {any} _item @param {{ key: string | number }} ctx */
      enter(_item, ctx) {
        path = String(ctx.key);
      },
    },
    Operation: {
      /** @param {any} operation @param {Ctx & { key: string | number }} ctx */
      leave(operation, ctx) {
        const method = String(ctx.key);
        if (!path || !METHODS.has(method) || typeof operation.operationId !== 'string') return;
        const [group, name] = operation.operationId.split('.');
        /** @type {Record<string, unknown>} */
        const params = {};
        /** @type {Record<string, unknown>} */
        const query = {};
        for (const raw of operation.parameters ?? []) {
          const { node: parameter, from } = follow(ctx, raw);
          if (parameter?.in !== 'path' && !(parameter?.in === 'query' && parameter.required === true)) continue;
          const value = exampleOf(parameter, (node) => follow(ctx, node, from).node);
          if (value === undefined)
            throw new Error(`${operation.operationId}: parameter ${parameter.name} has no example`);
          (parameter.in === 'path' ? params : query)[parameter.name] = value;
        }
        const { node: body, from: bodyFrom } = follow(ctx, operation.requestBody);
        const json = body?.content?.['application/json'];
        const form = body?.content?.['multipart/form-data'];
        /** @type {unknown} */
        let payload;
        const resolveBody = (/** @type {any} */ node) => follow(ctx, node, bodyFrom).node;
        if (json) payload = exampleOf(json, resolveBody);
        if (form) {
          const { file: _file, ...fields } = /** @type {any} */ (exampleOf(form, resolveBody)) ?? {};
          payload = Object.keys(fields).length ? fields : undefined;
        }
        const success = Object.keys(operation.responses ?? {}).find((code) => /^2\d\d$/.test(code));
        const response = success ? follow(ctx, operation.responses[success]).node : undefined;
        const result = resultName(response);
        const assign = (/** @type {string} */ target) => (result ? `const ${target} = await ` : 'await ');
        const upload = operation['x-upload'] === true;
        const fileNote = upload ? '// `file`: a File from an <input type="file">, or any Blob.\n' : '';
        const paramsText = objectOf(params, '  ');
        const payloadText = payload === undefined ? undefined : literal(payload, '  ');
        const facade = call(
          `${assign(result ?? '')}api.${group}.${name}`,
          [],
          [
            ['params', paramsText],
            ['query', objectOf(query, '  ')],
            ['file', upload ? 'file' : undefined],
            ['payload', payloadText],
          ],
        );
        const pathForm = upload
          ? call(
              `${assign(result ?? '')}api.upload`,
              [`'${path}'`],
              [
                ['params', paramsText],
                ['file', 'file'],
                ['payload', payloadText],
              ],
            )
          : call(
              `${assign(`{ data: ${result} }`)}api.${method.toUpperCase()}`,
              [`'${path}'`],
              [
                [
                  'params',
                  objectOf(
                    Object.fromEntries(
                      Object.entries({ path: params, query }).filter(([, value]) => Object.keys(value).length),
                    ),
                    '  ',
                  ),
                ],
                ['body', payloadText],
              ],
            );
        operation['x-codeSamples'] = [
          { lang: 'TypeScript', label: 'SDK', source: `${fileNote}${facade}\n` },
          { lang: 'TypeScript', label: 'SDK, by path', source: `${fileNote}${pathForm}\n` },
          proxySample({ operation, params, query, payload }),
        ];
        // A list that pages (`x-paging`) also shows its walk, item by item, as many pages as it takes (issue 33).
        if (operation['x-paging']) {
          const walk = call(
            `paged(api).${group}.${name}.all`,
            [],
            [
              ['params', paramsText],
              ['query', objectOf(query, '  ')],
            ],
          ).slice(0, -1);
          const source = `// import { paged } from '@runofshow/sdk/paging';\nfor await (const item of ${walk}) {\n  console.log(item);\n}\n`;
          operation['x-codeSamples'].push({ lang: 'TypeScript', label: 'SDK, paged', source });
        }
      },
    },
  };
}
