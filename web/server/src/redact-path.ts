import { REDACTED, redactQuery } from '@runofshow/sdk/proxy-listener';

// The sign-in app's pages whose path carries a token (matched as the app's router matches: any case).
const TOKEN_PAGE = /^(\/app\.login\/+(?:reset|verify|signup\/+invited)\/+)[^/?#]+/i;

/** What a URL parser would change in a path: an escape, a backslash, a dot segment. */
const UNRESOLVED = /%|\\|\/\.{1,2}(?:\/|$)/;

/**
 * The path as the host matches its pages (dot segments resolved, then decoded) when that is a token page, which the
 * raw text (`/app.login/%72eset/<token>`) need not show.
 */
function resolvedTokenPage(path: string): string | undefined {
  // Most paths have nothing to resolve; parsing a URL for each logged request would be wasted.
  if (!UNRESOLVED.test(path)) return undefined;
  try {
    const resolved = decodeURI(new URL(`http://site.invalid${path.startsWith('/') ? '' : '/'}${path}`).pathname);
    return TOKEN_PAGE.test(resolved) ? resolved : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A request target fit for a log line: the token of a token page and the value of a secret query parameter replaced
 * (the `/api` calls carry theirs in the body, which is never logged). A fragment, which browsers never send, is left.
 */
export function redactPath(target: string): string {
  const hash = target.indexOf('#');
  const end = hash === -1 ? target.length : hash;
  const question = target.indexOf('?');
  const path = target.slice(0, question === -1 || question > end ? end : question);
  const query = question === -1 || question > end ? '' : target.slice(question + 1, end);
  const shownPath = TOKEN_PAGE.test(path)
    ? path.replace(TOKEN_PAGE, `$1${REDACTED}`)
    : (resolvedTokenPage(path)?.replace(TOKEN_PAGE, `$1${REDACTED}`) ?? path);
  return `${shownPath}${question === -1 || question > end ? '' : `?${redactQuery(query)}`}${target.slice(end)}`;
}
