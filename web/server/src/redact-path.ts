export const REDACTED = '[redacted]';

// The sign-in app's pages whose path carries a token (matched as the app's router matches: any case).
const TOKEN_PAGE = /^(\/app\.login\/+(?:reset|verify|signup\/+invited)\/+)[^/?#]+/i;
// A query parameter whose name the SDK's log redaction treats as secret (sdk/src/redact.ts), and the guest pass.
const SECRET_NAME = /pass|captcha|token|secret|cvc|api[-_]?key|authorization/i;

/**
 * The query of a request target with the value of every secret-named parameter replaced. One pass over the text: the
 * target is split at `&` and each name tested on its own, so a long target costs in proportion to its length (a
 * single regular expression over the whole query backtracked: a 15 KB target took 38 ms, issue 20 point 10).
 */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at !== -1 && SECRET_NAME.test(pair.slice(0, at)) ? `${pair.slice(0, at + 1)}${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The path as the host matches its pages (dot segments resolved, then decoded) when that is a token page, which the
 * raw text (`/app.login/%72eset/<token>`) need not show.
 */
function resolvedTokenPage(path: string): string | undefined {
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
