// The description the MSW twin carries into a browser (issue 32): the bundle without what only a reader needs. The
// twin reads the operation table, the request and answer schemas, the security schemes and the answers' examples
// (what it gives for a call the sandbox leaves to the description, as Prism does); prose, code samples, tags and
// servers are most of the bundle's bytes and none of its behaviour. Written to openapi/dist/openapi.msw.json when the
// description is built (mock-server/scripts/msw-description.ts); test/msw-description.test.ts holds that file to
// this function and the twin on it to the twin on the whole bundle.

type Obj = Record<string, unknown>;

/** Keys whose values are names, not keywords: their entries are kept, each entry slimmed. */
const MAPS = new Set([
  'paths',
  'schemas',
  'parameters',
  'headers',
  'responses',
  'securitySchemes',
  'content',
  'properties',
  'patternProperties',
  '$defs',
  'dependentSchemas',
  'encoding',
  'mapping',
]);

/** Keys whose values are data (examples, defaults, enumerations): kept word for word. */
const DATA = new Set(['example', 'value', 'default', 'const', 'enum']);

/** Keywords for a reader only: no validator, example or router looks at them. */
const PROSE = new Set(['description', 'summary', 'externalDocs', 'tags', '$comment', 'links']);

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

function slim(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(slim);
  if (!isObj(node)) return node;
  const out: Obj = {};
  for (const [key, value] of Object.entries(node)) {
    if (PROSE.has(key) || key.startsWith('x-')) continue;
    if (DATA.has(key)) out[key] = value;
    else if (MAPS.has(key) && isObj(value)) out[key] = slimMap(value);
    // A media type's `examples` names its examples; a schema's is a list of values.
    else if (key === 'examples') out[key] = Array.isArray(value) ? value : isObj(value) ? slimMap(value) : value;
    else out[key] = slim(value);
  }
  return out;
}

function slimMap(map: Obj): Obj {
  return Object.fromEntries(Object.entries(map).map(([name, value]) => [name, slim(value)]));
}

/** The description as the MSW twin needs it: an OpenAPI document still, with the same operations and schemas. */
export function slimDescription(bundle: Obj): Obj {
  const info = isObj(bundle.info) ? bundle.info : {};
  return {
    openapi: bundle.openapi,
    info: { title: info.title, version: info.version },
    ...(bundle.security ? { security: bundle.security } : {}),
    paths: slimMap(isObj(bundle.paths) ? bundle.paths : {}),
    // `components` holds a map of names under each of its keys (schemas, parameters, examples, …).
    components: Object.fromEntries(
      Object.entries(isObj(bundle.components) ? bundle.components : {}).map(([key, map]) => [
        key,
        isObj(map) ? slimMap(map) : map,
      ]),
    ),
  };
}
