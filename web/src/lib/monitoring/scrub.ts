/**
 * §9 monitoring sends no personal data: every string of every report passes through here before it leaves (errors,
 * web vitals, replays alike), whatever produced it. An e-mail address (also URL-encoded, as the app carries it in
 * `?email=`), the token of an invitation, reset or verification link, a signed token anywhere, the value of any URL
 * query parameter, and any exact secret the page holds (the API key in direct mode, the access token, what is typed in
 * a field) are replaced.
 */
const EMAIL = /[\w.+%-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi;
const TOKEN_ROUTE = /(\/(?:reset|verify|signup\/invited)\/)[^/?#\s"'<>]+/gi;
const SIGNED_TOKEN = /eyJ[\w-]+\.[\w-]+(?:\.[\w-]*)?/g;
const QUERY_VALUE = /([?&][^=&#\s"'<>]+=)[^&#\s"'<>]*/g;

/** `text` with the personal data in it replaced; `secrets` are exact strings (shorter than 3 characters: ignored). */
export function scrub(text: string, secrets: readonly string[] = []): string {
  let out = text
    .replace(EMAIL, '[email]')
    .replace(TOKEN_ROUTE, '$1:token')
    .replace(SIGNED_TOKEN, '[token]')
    .replace(QUERY_VALUE, '$1');
  for (const secret of secrets) if (secret.length >= 3) out = out.split(secret).join('[secret]');
  return out;
}

/** A report as the collector receives it: JSON with every string scrubbed, however deep (a replay's DOM). */
export const scrubbedJson = (value: unknown, secrets: readonly string[]) =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' ? scrub(item, secrets) : item));
