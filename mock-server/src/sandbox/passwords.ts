// The Node server's password hasher (scrypt, `node:crypto`); the browser's is web-hasher.ts (issue 32).
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { Hasher } from './password-rules.js';
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

export const scryptHasher: Hasher = { hash: hashPassword, matches: passwordMatches };

export { type Hasher, loginPasswordIssue, newPasswordIssue } from './password-rules.js';
