// @ts-check
// Plain JavaScript so the bundle-time decorator (`plugins/decorators/code-samples.js`, loaded by Redocly as is) and
// the example walk (`samples.ts`) pick the same values: the docs' SDK call is the call the walk proves the mock answers.

/**
 * The example value of a parameter or media type: its own `example`, its first named example, or from its schema the
 * `example`, first `examples` entry, `default`, first `enum` value or `const`; undefined when there is none.
 * @param {any} holder
 * @param {(node: any) => any} resolve follows `$ref`s to the node they point at
 * @returns {unknown}
 */
export function exampleOf(holder, resolve) {
  if (!holder) return undefined;
  if (holder.example !== undefined) return holder.example;
  if (holder.examples && typeof holder.examples === 'object') {
    const first = Object.values(holder.examples)[0];
    if (first !== undefined) {
      const example = resolve(first);
      if (example?.value !== undefined) return example.value;
    }
  }
  const schema = holder.schema && resolve(holder.schema);
  if (schema) {
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
    if (schema.default !== undefined) return schema.default;
    if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
    if (schema.const !== undefined) return schema.const;
  }
  return undefined;
}
