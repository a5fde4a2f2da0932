// The password hasher of the sandbox where `node:crypto` is not (issue 32: the sandbox inside MSW, in a browser or
// jsdom): PBKDF2-SHA256 through WebCrypto, which Node 20 and every browser the app supports have as
// `globalThis.crypto.subtle`. No Node module is imported here, so the MSW entry bundles for a browser.
import { scryptAsync } from '@noble/hashes/scrypt.js';
import type { Hasher } from './password-rules.js';

export const PBKDF2_SCHEME = 'pbkdf2-sha256';
/**
 * A sandbox's passwords guard nothing real, and each sign-in in a component test pays this: 100,000 rounds is
 * about the cost of the Node sandbox's scrypt (tens of milliseconds), not the 600,000 a production store would want.
 * The count is in every hash, so a fixture keeps checking if it changes.
 */
export const PBKDF2_ROUNDS = 100_000;
const KEY_BITS = 256;

const toBase64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromBase64url = (text: string): Uint8Array | undefined => {
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
};

async function derive(password: string, salt: Uint8Array, rounds: number): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const material = await subtle.importKey(
    'raw',
    new TextEncoder().encode(password.normalize('NFKC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await subtle.deriveBits(
    // The DOM's BufferSource takes only ArrayBuffer-backed bytes; a salt always is one.
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as Uint8Array<ArrayBuffer>, iterations: rounds },
    material,
    KEY_BITS,
  );
  return new Uint8Array(bits);
}

/** Equal bytes, in a time that does not depend on where they first differ. */
const sameBytes = (a: Uint8Array, b: Uint8Array) => {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
};

/** A password as stored: `pbkdf2-sha256$<rounds>$<salt>$<key>`, never the password itself. */
export async function hashPasswordWeb(password: string, rounds = PBKDF2_ROUNDS): Promise<string> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return `${PBKDF2_SCHEME}$${rounds}$${toBase64url(salt)}$${toBase64url(await derive(password, salt, rounds))}`;
}

/**
 * The Node sandbox's own hashes (`scrypt$<salt>$<key>`, passwords.ts, its cost): WebCrypto has no scrypt, so
 * @noble/hashes computes it. A fixture exported from `npm start` (the seeded world in the repository among them)
 * then signs in inside MSW as it does there.
 */
async function scryptMatches(password: string, saltText: string, keyText: string): Promise<boolean> {
  const salt = fromBase64url(saltText);
  const expected = fromBase64url(keyText);
  if (!salt || !expected) return false;
  const key = await scryptAsync(new TextEncoder().encode(password.normalize('NFKC')), salt, {
    N: 16_384,
    r: 8,
    p: 1,
    dkLen: expected.length,
  });
  return sameBytes(key, expected);
}

/** Whether `password` is the one a `pbkdf2-sha256$…` or a `scrypt$…` hash was made from; no other scheme matches. */
export async function passwordMatchesWeb(password: string, stored: string): Promise<boolean> {
  const [scheme, roundsText, saltText, keyText] = stored.split('$');
  if (scheme === 'scrypt') {
    const [, salt, key, extra] = stored.split('$');
    return salt && key && extra === undefined ? scryptMatches(password, salt, key) : false;
  }
  const rounds = Number(roundsText);
  if (scheme !== PBKDF2_SCHEME || !Number.isSafeInteger(rounds) || rounds < 1 || !saltText || !keyText) return false;
  const salt = fromBase64url(saltText);
  const expected = fromBase64url(keyText);
  if (!salt || !expected) return false;
  return sameBytes(await derive(password, salt, rounds), expected);
}

/** The sandbox's `hasher` option where there is no `node:crypto`; `rounds` for new hashes (a check reads its own). */
export const webCryptoHasher = (rounds = PBKDF2_ROUNDS): Hasher => ({
  hash: (password) => hashPasswordWeb(password, rounds),
  matches: passwordMatchesWeb,
});
