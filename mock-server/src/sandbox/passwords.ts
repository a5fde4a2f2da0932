import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { PBKDF2_SCHEME, passwordMatchesWeb } from './web-hasher.js';

// scrypt's recommended interactive cost (N = 2^14, r = 8): tens of milliseconds per check, which is what makes a
// stolen store expensive to guess through, and still quick enough for a sign-in.
const COST: ScryptOptions = { N: 16_384, r: 8, p: 1 };
const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** A password as the sandbox stores it: `scrypt$<salt>$<key>`, never the password itself. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${(await derive(password, salt)).toString('base64url')}`;
}

/**
 * Also checks a WebCrypto PBKDF2 hash (`web-hasher.ts`): a fixture exported from the sandbox inside MSW keeps signing
 * in when loaded into `npm start`'s.
 */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith(`${PBKDF2_SCHEME}$`)) return passwordMatchesWeb(password, stored);
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * How the sandbox stores and checks passwords. Injectable so a test can count the hashing work a request causes (the
 * cost an attacker's guess or an unknown address makes the server pay), instead of timing it.
 */
export interface Hasher {
  hash(password: string): Promise<string>;
  matches(password: string, stored: string): Promise<boolean>;
}

export const scryptHasher: Hasher = { hash: hashPassword, matches: passwordMatches };

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
