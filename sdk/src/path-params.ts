import { placeholdersOf } from './operation-table.js';

/**
 * The one path-parameter check (§8), shared by the client (direct and proxy mode) and the proxy envelope: every
 * placeholder of the template has a value, no other name is given, and no value could change the path. A value
 * that is empty, `.` or `..`, or that decodes to one (`%2e%2e`, `%252e`), would make `DELETE /users/{userId}` a
 * `DELETE /` once a URL parser or the server normalises it, so it is refused before anything is sent.
 * Returns what is wrong, or undefined; each caller throws its own error (`ApiConfigError`, a 400 problem).
 */
export function pathParamProblem(
  template: string,
  given: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  const names = placeholdersOf(template);
  if (given) {
    for (const key of Object.keys(given)) {
      if (!names.includes(key)) return `Missing required path parameter: {${key}} is not in ${template}.`;
    }
  }
  for (const name of names) {
    const value = given?.[name];
    if (value === undefined || value === null || Array.isArray(value) || typeof value === 'object') {
      return `Missing required path parameter: ${name} for ${template}.`;
    }
    const text = String(value);
    // A lone surrogate cannot be percent-encoded: encodeURIComponent would throw (and a thrown listener crashes Node).
    if (LONE_SURROGATE.test(text)) return `Path parameter ${name} for ${template} is not well-formed Unicode text.`;
    if (movesPath(text)) {
      return `Path parameter ${name} for ${template} must not be empty, "." or "..", nor hold a "." or ".." segment: it would change the path.`;
    }
  }
  return undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A `.` or `..` segment between slashes or backslashes (`../x`, `a/..`, `..\\`), or the whole value. */
const DOT_SEGMENT = /(^|[/\\])\.\.?([/\\]|$)/;

/**
 * Empty, `.` or `..`, or holding a `.` or `..` segment (`..%2f` is `../` to a server that decodes `%2F`, as nginx
 * does before it normalises), as given or after any number of percent-decodings (a server may decode more than once).
 */
function movesPath(value: string): boolean {
  let current = value;
  for (let round = 0; round < 8; round++) {
    if (current === '' || DOT_SEGMENT.test(current)) return true;
    if (!current.includes('%')) return false;
    const decoded = decodeLeniently(current);
    if (decoded === current) return false;
    current = decoded;
  }
  return true;
}

/** Percent-decoded; where that fails (`%ff`, a lone `%`), the ASCII escapes alone, as a lenient server decodes. */
function decodeLeniently(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

/** The path of a call: the template with each placeholder replaced by its encoded value (checked beforehand). */
export function fillPath(template: string, params: Readonly<Record<string, unknown>>): string {
  // Many paths have no placeholder: the proxy listener fills one on every call (issue 30: its CPU per call).
  if (!template.includes('{')) return template;
  return template.replace(/\{([^{}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
