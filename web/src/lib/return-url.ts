/** Where sign-in sends a visitor when there is no usable `redirect` (§2). */
export const DEFAULT_DESTINATION = '/dash/redirect';

const SIGN_IN_BASE = '/app.login';
// Same-host paths that act at once instead of showing a page: /sso/ starts SSO for whatever domain the link names
// (the backend sends the visitor on to that domain's identity provider), /api/ is the proxy. A link's `redirect` never
// leads there; only the app's own SSO page starts SSO (`leavePath`).
const ACTING_BASES = ['/sso', '/api'];

const under = (path: string, bases: readonly string[]) =>
  bases.some((base) => path === base || path.startsWith(`${base}/`));

// Control characters (C0, DEL, C1) and every kind of whitespace a browser may strip or fold before parsing a URL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point of this guard.
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/;

function decodeFully(value: string): string | undefined {
  let current = value;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

/**
 * The one return-URL guard (§2): a `redirect` is honoured only when it stays on this origin and shows a page there
 * (not /sso/ nor /api/). Returns a path + query + hash on this origin, or undefined when the value must be ignored.
 */
export function safeReturnPath(redirect: string | null | undefined, origin: string): string | undefined {
  const path = leavePath(redirect, origin);
  if (path === undefined) return undefined;
  return under(foldedPath(new URL(path, origin).pathname) ?? '//', ACTING_BASES) ? undefined : path;
}

/** The decoded path with its dot segments folded, lower case: what a server or the next app reads. */
function foldedPath(path: string): string | undefined {
  const plain = decodeFully(path);
  if (plain === undefined || plain.startsWith('//')) return undefined;
  return new URL(`http://path.invalid${plain}`).pathname.toLowerCase();
}

/**
 * Where a full-page navigation out of the sign-in app may go (`leaveTo`): the same checks as `safeReturnPath`, but
 * the app's own SSO start (`/sso/login/{domain}`, built from what the visitor typed) is allowed.
 */
export function leavePath(redirect: string | null | undefined, origin: string): string | undefined {
  if (!redirect) return undefined;
  const decoded = decodeFully(redirect);
  if (decoded === undefined) return undefined;
  for (const form of [redirect, decoded]) {
    if (UNSAFE_CHARS.test(form)) return undefined;
    if (form.startsWith('//')) return undefined;
  }
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(redirect, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.origin !== base.origin || url.username || url.password) return undefined;
  const path = url.pathname;
  // Dot segments can fold into a protocol-relative path ('/..//evil.example' → '//evil.example'), also once a server
  // or the next app decodes the path ('/%2e%2e%2f%2fevil.example'): never emit a path that reads as one.
  const folded = path.startsWith('//') ? undefined : foldedPath(path);
  if (folded === undefined || folded.startsWith('//')) return undefined;
  if (under(folded, [SIGN_IN_BASE, '/api'])) return undefined;
  return `${path}${url.search}${url.hash}`;
}

/** §2: after sign-in go to `redirect` when it is safe (a path of just '/' means /dash/redirect), else the fallback. */
export function destinationAfterSignIn(
  redirect: string | null | undefined,
  origin: string,
  fallback: string = DEFAULT_DESTINATION,
): string {
  const path = safeReturnPath(redirect, origin);
  // §2 judges the path alone: '/?tab=1' and '/#top' are the bare root too.
  if (path !== undefined && new URL(path, origin).pathname === '/') return DEFAULT_DESTINATION;
  return path ?? fallback;
}

/** How a sign-up ended, for the §2 destination rules. */
export type SignUpOutcome =
  | { kind: 'new-user' }
  | { kind: 'existing-user'; teamId: string | undefined }
  | { kind: 'invited'; inviteUrl: string | undefined };

/**
 * §2 after sign-up: a same-host `redirect` wins; else a new user goes to /dash/redirect/new, an existing user who
 * created a team to /dash/team/{teamId}, anyone else (an invited user: the invitation's own safe url first) to
 * /dash/redirect.
 */
export function destinationAfterSignUp(outcome: SignUpOutcome, redirect: string | null | undefined, origin: string) {
  if (outcome.kind === 'new-user') return destinationAfterSignIn(redirect, origin, '/dash/redirect/new');
  if (outcome.kind === 'existing-user' && outcome.teamId) {
    return destinationAfterSignIn(redirect, origin, `/dash/team/${encodeURIComponent(outcome.teamId)}`);
  }
  if (outcome.kind === 'invited') {
    return destinationAfterSignIn(redirect, origin, destinationAfterSignIn(outcome.inviteUrl, origin));
  }
  return destinationAfterSignIn(redirect, origin);
}
