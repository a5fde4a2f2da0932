import { dereference, type Schema, validate } from '@cfworker/json-schema';
import { answers, components } from '../generated/answers.js';

// The description's answer schemas and a validator that runs wherever the SDK does: it interprets the schemas (no
// `new Function`, so a page's CSP and workerd allow it). Imported only by `validateResponses: true` (check.ts).

let lookup: Record<string, Schema | boolean> | undefined;

/** The most problems one error lists: enough to see the drift, short enough for a log line. */
const LISTED = 10;

/**
 * Where an answer breaks its operation's schema for its status, e.g. `/items/0/_id: String does not match pattern.`,
 * or an empty list. The places and the broken rules only: the values may be personal data and never appear. An
 * operation or status the description gives no JSON schema for is not checked.
 */
export function problemsOf(operationId: string, status: number, data: unknown): string[] {
  const schema = answers[operationId]?.[String(status)];
  if (!schema) return [];
  lookup ??= dereference(components as Schema);
  const { valid, errors } = validate(data, schema as Schema, '2020-12', lookup, false);
  if (valid) return [];
  // The leaves: "A subschema had errors." and the per-property summaries only point at them.
  const leaves = errors.filter(
    ({ keyword }) => !['$ref', 'properties', 'items', 'allOf', 'prefixItems'].includes(keyword),
  );
  return (leaves.length ? leaves : errors)
    .slice(0, LISTED)
    .map(({ instanceLocation, error }) => `${instanceLocation.replace(/^#/, '') || '/'}: ${error}`);
}
