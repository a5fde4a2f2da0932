import type { Schema, Schemas } from './engine/schema.js';
import { emailDomainIssue, nameLinkIssue } from './known-domains.js';
import type { Answer } from './sandbox.js';

// Issue 28: the description's `Email` says an address whose top-level domain is not on the standard list (or `mail`)
// answers 422, and its `PersonName` that a name holding a domain with a listed one is a link. Prism checks the syntax
// only; these are the rest, kept on every operation that takes either (21 and 7 of them), not on sign-up alone, so
// the sandbox refuses what the app and the description refuse.

const RULES = {
  '#/components/schemas/Email': emailDomainIssue,
  '#/components/schemas/PersonName': nameLinkIssue,
} as const;
type Check = (value: string) => string | undefined;

/** Where a value sits in a call (`['body', 'email']`, `['path', 'email']`), `[]` standing for each item of a list. */
type Place = (string | '[]')[];
interface RuledPlace {
  place: Place;
  check: Check;
}

const checkOf = (node: Schema | undefined): Check | undefined =>
  node?.$ref && node.$ref in RULES ? RULES[node.$ref as keyof typeof RULES] : undefined;

function placesIn(schemas: Schemas, node: Schema | undefined, at: Place, seen: Set<string>): RuledPlace[] {
  if (!node) return [];
  const check = checkOf(node);
  if (check) return [{ place: at, check }];
  if (node.$ref) {
    if (seen.has(node.$ref)) return [];
    seen = new Set([...seen, node.$ref]);
  }
  const schema = schemas.resolve(node);
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, child]) =>
      placesIn(schemas, child, [...at, name], seen),
    ),
    ...placesIn(schemas, schema.items, [...at, '[]'], seen),
    ...[...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].flatMap((choice) => placesIn(schemas, choice, at, seen)),
  ];
}

const known = new WeakMap<Schemas, Map<string, RuledPlace[]>>();

/** The places of an operation's call that hold an `Email` or a `PersonName`, read from the bundle once. */
export function ruledPlaces(schemas: Schemas, operationId: string): RuledPlace[] {
  const byOperation = known.get(schemas) ?? new Map<string, RuledPlace[]>();
  known.set(schemas, byOperation);
  const cached = byOperation.get(operationId);
  if (cached) return cached;
  const { parameters = [], requestBody } = schemas.request(operationId);
  const places = [
    ...parameters.flatMap((raw) => {
      const parameter = schemas.resolve(raw) as Schema & { in?: string; name?: string; schema?: Schema };
      return placesIn(schemas, parameter.schema, [String(parameter.in), String(parameter.name)], new Set());
    }),
    ...Object.values(
      (schemas.resolve(requestBody ?? {}) as { content?: Record<string, { schema?: Schema }> }).content ?? {},
    )
      .slice(0, 1)
      .flatMap((media) => placesIn(schemas, media.schema, ['body'], new Set())),
  ];
  byOperation.set(operationId, places);
  return places;
}

/** The values at a place, each with its location as a Problem names it (a list's items by index). */
function valuesAt(root: unknown, place: Place): [unknown, (string | number)[]][] {
  let found: [unknown, (string | number)[]][] = [[root, []]];
  for (const step of place) {
    found = found.flatMap(([value, at]) => {
      if (step === '[]')
        return Array.isArray(value) ? value.map((item, i): [unknown, (string | number)[]] => [item, [...at, i]]) : [];
      return value !== null && typeof value === 'object' && step in value
        ? [[(value as Record<string, unknown>)[step], [...at, step]]]
        : [];
    });
  }
  return found;
}

/** The 422 for the first value of a call that breaks one of the two rules, or undefined. */
export function addressRuleIssue(
  schemas: Schemas,
  operationId: string,
  call: { path: Record<string, string>; query: URLSearchParams; body: Record<string, unknown> },
): Answer | undefined {
  const parts = { path: call.path, query: Object.fromEntries(call.query), header: {}, body: call.body };
  for (const { place, check } of ruledPlaces(schemas, operationId)) {
    const [part = '', ...rest] = place;
    for (const [value, at] of valuesAt(parts[part as keyof typeof parts], rest)) {
      const message = typeof value === 'string' ? check(value) : undefined;
      if (message) return refused([part, ...at.map(String)], message);
    }
  }
  return undefined;
}

const refused = (location: string[], message: string): Answer => ({
  status: 422,
  body: {
    type: 'https://errors.runofshow.dev/validation-failed',
    title: 'Validation failed',
    status: 422,
    detail: message,
    errors: [{ location, code: 'rule', message }],
  },
});
