// §5's password rules and the hasher's shape, free of `node:crypto` (the sandbox runs in a browser too, issue 32).

/**
 * How the sandbox stores and checks passwords. Injectable so a test can count the hashing work a request causes (the
 * cost an attacker's guess or an unknown address makes the server pay), instead of timing it.
 */
export interface Hasher {
  hash(password: string): Promise<string>;
  matches(password: string, stored: string): Promise<boolean>;
}

/** §5's symbols for a new password. */
const SYMBOLS = '~`!@#$%^&*()-_=+[{]}\\|;:\'",<.>/?';

/** §5 new password (sign-up, invite, reset): what is wrong with it, or undefined. */
export function newPasswordIssue(password: string): string | undefined {
  if (password.length < 12 || password.length > 32) return 'The password must have 12 to 32 characters.';
  if (!/[a-z]/.test(password)) return 'The password must contain a lowercase letter.';
  if (!/[A-Z]/.test(password)) return 'The password must contain an uppercase letter.';
  if (!/[0-9]/.test(password)) return 'The password must contain a digit.';
  if (![...password].some((c) => SYMBOLS.includes(c))) return `The password must contain one of ${SYMBOLS}.`;
  return undefined;
}

/** §5 sign-in password: 6 to 32 characters. */
export const loginPasswordIssue = (password: string) =>
  password.length < 6 || password.length > 32 ? 'Password must be at least 6 characters' : undefined;
