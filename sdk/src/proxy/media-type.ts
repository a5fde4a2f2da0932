// RFC 9110 §8.3.1 and §5.6: media-type = type "/" subtype *( OWS ";" OWS [ parameter ] ), a parameter value a token
// or a quoted-string. Held strictly because a browser is lenient: Chromium reads `application/json;,text/html` as
// HTML, so a value that is anything but one well-formed media type is no type the proxy passes.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~\\x80-\\xff]|\\\\[\\t -~\\x80-\\xff])*"';
const PARAMETER = `(${TOKEN})=(${TOKEN}|${QUOTED})`;
// Each stretch of whitespace has one place in the pattern, so a value that fails, fails in linear time.
const MEDIA_TYPE = new RegExp(
  `^(${TOKEN})/(${TOKEN})([ \\t]*(?:;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED})[ \\t]*)?)*)$`,
);
const PARAMETERS = new RegExp(PARAMETER, 'g');
/** Longer than any media type an API sends; past it the value is not read at all. */
const MAX_LENGTH = 512;

export interface MediaType {
  /** `type/subtype`, lower-cased. */
  readonly essence: string;
  /** Parameter names lower-cased, values unquoted; a repeated one keeps its first value. */
  readonly parameters: ReadonlyMap<string, string>;
}

/** The values met last, parsed: an API and its callers send the same few, on every call. */
const seen = new Map<string, MediaType | undefined>();
const SEEN_MAX = 64;

/** One well-formed media type, or undefined for anything else (a list, an empty parameter value, stray text). */
export function parseMediaType(value: string | null): MediaType | undefined {
  if (value === null || value.length > MAX_LENGTH) return undefined;
  if (seen.has(value)) return seen.get(value);
  const parsed = parse(value);
  if (seen.size >= SEEN_MAX) seen.clear();
  seen.set(value, parsed);
  return parsed;
}

function parse(value: string): MediaType | undefined {
  const match = MEDIA_TYPE.exec(value.trim());
  if (!match) return undefined;
  const parameters = new Map<string, string>();
  for (const [, name = '', raw = ''] of (match[3] ?? '').matchAll(PARAMETERS)) {
    const key = name.toLowerCase();
    const unquoted = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    if (!parameters.has(key)) parameters.set(key, unquoted);
  }
  return { essence: `${match[1]}/${match[2]}`.toLowerCase(), parameters };
}

const CHARSET = new RegExp(`^${TOKEN}$`);

/**
 * The Content-Type the proxy writes for a type it passes: the essence and a token charset, nothing else, so what
 * the browser reads is exactly what was judged.
 */
export function serializeMediaType(type: MediaType): string {
  const charset = type.parameters.get('charset');
  return charset !== undefined && CHARSET.test(charset) ? `${type.essence}; charset=${charset}` : type.essence;
}
