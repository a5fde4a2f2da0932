/** Where sign-in sends a visitor when there is no usable `redirect` (§2). */
export const DEFAULT_DESTINATION = '/dash/redirect';

// Never a way out: the sign-in app itself, and the API proxy (/api/, acts at once instead of showing a page).
const LEAVE_REFUSED = ['/app.login', '/api'];
// A link's `redirect` never leads to /sso/ either: it starts SSO for whatever domain the link names (the backend sends
// the visitor on to that domain's identity provider); only the app's own SSO page starts SSO (`leavePath`).
const REDIRECT_REFUSED = [...LEAVE_REFUSED, '/sso'];

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
  return samePagePath(redirect, origin, REDIRECT_REFUSED);
}

/**
 * Where a full-page navigation out of the sign-in app may go (`leaveTo`): the same checks as `safeReturnPath`, but
 * the app's own SSO start (`/sso/login/{domain}`, built from what the visitor typed) is allowed.
 */
export function leavePath(redirect: string | null | undefined, origin: string): string | undefined {
  return samePagePath(redirect, origin, LEAVE_REFUSED);
}

/** A path + query + hash on `origin` that `redirect` names, unless it leaves the origin or lies under `refused`. */
function samePagePath(
  redirect: string | null | undefined,
  origin: string,
  refused: readonly string[],
): string | undefined {
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
  const plain = decodeFully(path);
  if (plain === undefined || path.startsWith('//') || plain.startsWith('//')) return undefined;
  const folded = new URL(`http://path.invalid${plain}`).pathname.toLowerCase();
  if (folded.startsWith('//')) return undefined;
  if (refused.some((base) => folded === base || folded.startsWith(`${base}/`))) return undefined;
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
