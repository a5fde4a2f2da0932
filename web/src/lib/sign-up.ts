/** Pure parts of sign-up (§2, §3, §5) shared by /signup and /signup/invited/:token. */

/** §3: every sign-up from this app is in the 'Corporate' industry. */
export const SIGN_UP_INDUSTRY = 'Corporate';
/** §9 default time zone, used when the browser does not name one. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** §9: a team title is 2 to 100 characters (the description's `TeamCreateRequest.title`). */
export const TEAM_TITLE_MAX = 100;
const TEAM_SUFFIX = "'s Team";

/**
 * §5: the team name when none is given, "{first} {last}'s Team". Two 50-character names would make 108 characters,
 * over the §9 title limit, so the full name is cut at the last word boundary that fits (DECISIONS.md): the suffix
 * stays, and the first name always fits whole, since a name has at most 50 characters.
 */
export function defaultTeamName(firstName: string, lastName: string): string {
  const name = `${firstName.trim()} ${lastName.trim()}`;
  return `${fitAtWordBoundary(name, TEAM_TITLE_MAX - TEAM_SUFFIX.length)}${TEAM_SUFFIX}`;
}

/** §2, §7: the team created after sign-up is named by the company, or by the default when none is given. */
export function teamTitle(company: string, firstName: string, lastName: string): string {
  return company.trim() || defaultTeamName(firstName, lastName);
}

/** At most `max` characters (code points, as the description counts them), cut before a space where one fits. */
function fitAtWordBoundary(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max + 1).join('');
  const space = head.lastIndexOf(' ');
  return space > 0 ? head.slice(0, space).trimEnd() : chars.slice(0, max).join('');
}

/** §3: the time zone guessed from the browser. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export interface SignUpPrefill {
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  /** The e-mail came in the link: the field is locked. */
  emailLocked: boolean;
  /** All four came in the link: the user is treated as already verified. */
  verified: boolean;
}

/**
 * §2 /signup query: firstName, lastName, company and email prefill the form. A '+' in an address arrives as a space
 * (query decoding turns '+' into ' '), so a space in the email becomes a plus again.
 */
export function readPrefill(search: string): SignUpPrefill {
  const query = new URLSearchParams(search);
  const get = (name: string) => query.get(name) ?? '';
  const email = get('email').trim().replaceAll(' ', '+');
  const firstName = get('firstName');
  const lastName = get('lastName');
  const company = get('company');
  return {
    firstName,
    lastName,
    company,
    email,
    emailLocked: email !== '',
    verified: [firstName, lastName, company, email].every((value) => value.trim() !== ''),
  };
}

/**
 * §2: an invitation token is a signed token (JWT) whose payload carries the e-mail. Reading it here only fills the
 * resend form; whether the invitation is valid is the API's answer (GET /users/invited/{token}), never this.
 */
export function emailInInviteToken(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const email = (JSON.parse(json) as { email?: unknown }).email;
    return typeof email === 'string' ? email : undefined;
  } catch {
    return undefined;
  }
}
