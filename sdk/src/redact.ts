/** Keys whose values are never logged nor put in an error: passwords, captcha answers, tokens, keys, card codes. */
const SECRET_KEY = /pass|captcha|token|secret|cvc|api[-_]?key|authorization|cookie/i;
export const REDACTED = '[redacted]';

/**
 * A URL's query with the value of every secret-named parameter replaced, for a log line (the host's and the mock's).
 * The query is split at `&` and each name tested on its own, so the cost grows with the length: one expression over
 * the whole query backtracked (a 15 KB target took 38 ms, issue 20 point 10).
 */
export function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at !== -1 && SECRET_KEY.test(pair.slice(0, at)) ? `${pair.slice(0, at + 1)}${REDACTED}` : pair;
    })
    .join('&');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Blob);

/** The string values held under secret-looking keys, at any depth. */
export function secretsIn(value: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 8) return found;
  if (Array.isArray(value)) for (const item of value) secretsIn(item, found, depth + 1);
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_KEY.test(key) && (typeof item === 'string' || typeof item === 'number')) found.push(String(item));
      else secretsIn(item, found, depth + 1);
    }
  }
  return found;
}

/** A URL in a runtime's message: scheme, authority, then path, query and fragment up to a space, quote or bracket. */
const URL_IN_TEXT = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#"'<>()]*)[/?#][^\s"'<>()]*/gi;

/**
 * A runtime's message with every URL's path and query replaced: Deno's `error sending request for url (http://…/users/
 * ada%40example.com/has2fa)` names the path, which holds the call's values (an e-mail) and may hold its query
 * (the access token). The origin stays: which server did not answer is what a developer needs.
 */
export function withoutUrlPaths(text: string): string {
  return text.replace(URL_IN_TEXT, `$1/${REDACTED}`);
}

/** Replaces every known secret value in a text; values shorter than 4 characters are left (they would shred it). */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  return out;
}

/** A copy with secret-keyed values replaced and known secret values scrubbed from every string. */
export function redact<T>(value: T, secrets: readonly string[], depth = 0): T {
  if (typeof value === 'string') return scrub(value, secrets) as T;
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets, depth + 1)) as T;
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_KEY.test(key) && item !== undefined && item !== null ? REDACTED : redact(item, secrets, depth + 1),
      ]),
    ) as T;
  }
  return value;
}
