// Loaded into Prism's process (`node --require`, src/prism.ts). Prism compiles an Ajv validator per schema object the
// first time an operation is called, keyed by that object: the same X-Request-Id header schema, the same Problem body,
// the same path parameters are compiled again for each of the 308 operations, each copy differing only in the
// description, examples and the `x-stoplight` id its converter adds. Compiling was half of Prism's CPU time on a
// first pass over every operation (a CPU profile, 2026-11-26), which every test Prism and every `npm start` pays.
// This keys Ajv's compile by what validates, not by which object asked: the same rules, the same function. Nothing
// else changes: each Ajv instance and each bundle keeps its own cache, and a schema without Prism's bundle marker
// goes straight through.
const { createRequire } = require('node:module');

/** Keywords Ajv ignores when it validates: dropping them from the cache key cannot change a verdict or an error. */
const ANNOTATIONS = new Set(['x-stoplight', 'description', 'examples', 'example', 'title']);
/** Keywords whose value maps names (a property's, a definition's) to schemas: the names stay, the schemas are keyed. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const NO_BUNDLE = {};

/**
 * The schema without its annotations, walked as a schema: a property called `description` is a rule and stays; the
 * values of `enum`, `const` and `default` are data and stay whole.
 */
function rulesOf(schema) {
  if (Array.isArray(schema)) return schema.map(rulesOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const rules = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (SCHEMA_MAPS.has(keyword) && value !== null && typeof value === 'object') {
      rules[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, rulesOf(sub)]));
    } else if (keyword === 'enum' || keyword === 'const' || keyword === 'default') rules[keyword] = value;
    else rules[keyword] = rulesOf(value);
  }
  return rules;
}

function install() {
  let core;
  try {
    const prismHttp = require.resolve('@stoplight/prism-http/package.json', { paths: [process.argv[1] ?? __dirname] });
    core = createRequire(prismHttp)('ajv/dist/core').default;
  } catch {
    return; // Another Prism layout: it runs as it comes.
  }
  const compile = core.prototype.compile;
  const byInstance = new WeakMap();
  core.prototype.compile = function compileOnce(schema, meta) {
    if (schema === null || typeof schema !== 'object' || !('__bundled__' in schema)) {
      return compile.call(this, schema, meta);
    }
    const { __bundled__: bundle, ...rules } = schema;
    const byBundle = byInstance.get(this) ?? new WeakMap();
    byInstance.set(this, byBundle);
    const bundleKey = bundle !== null && typeof bundle === 'object' ? bundle : NO_BUNDLE;
    const cache = byBundle.get(bundleKey) ?? new Map();
    byBundle.set(bundleKey, cache);
    const key = `${meta ? 1 : 0}${JSON.stringify(rulesOf(rules))}`;
    const validate = cache.get(key) ?? compile.call(this, schema, meta);
    cache.set(key, validate);
    return validate;
  };
}

install();
