import { describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches } from '../src/sandbox/passwords.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { hashPasswordWeb, PBKDF2_ROUNDS, passwordMatchesWeb, webCryptoHasher } from '../src/sandbox/web-hasher.js';

// Issue 32: the sandbox inside MSW runs where `node:crypto` is not, so it hashes through WebCrypto (PBKDF2). Few
// rounds where only the format is under test, so the file stays in milliseconds.
const FEW = 1_000;

describe('the WebCrypto password hasher', () => {
  it('matches the password a hash was made from and no other, each hash salted afresh', async () => {
    const stored = await hashPasswordWeb('Correct-Horse-9', FEW);
    expect(stored).toMatch(/^pbkdf2-sha256\$1000\$[\w-]{22}\$[\w-]{43}$/);
    expect(await passwordMatchesWeb('Correct-Horse-9', stored)).toBe(true);
    expect(await passwordMatchesWeb('Correct-Horse-8', stored)).toBe(false);
    expect(await hashPasswordWeb('Correct-Horse-9', FEW)).not.toBe(stored);
  });

  it('keeps its rounds in the hash: the same key under another count does not match', async () => {
    const stored = await hashPasswordWeb('Correct-Horse-9', FEW);
    const [scheme, , salt, key] = stored.split('$');
    expect(await passwordMatchesWeb('Correct-Horse-9', [scheme, FEW + 1, salt, key].join('$'))).toBe(false);
    expect((await webCryptoHasher().hash('x')).split('$')[1]).toBe(String(PBKDF2_ROUNDS));
  });

  it('matches the same text however it is composed (NFKC), as the scrypt hasher does', async () => {
    const stored = await hashPasswordWeb('Caf\u00e9-Password-1', FEW);
    expect(await passwordMatchesWeb('Cafe\u0301-Password-1', stored)).toBe(true);
  });

  it('refuses a broken or truncated hash, and a scheme it does not know', async () => {
    const stored = await hashPasswordWeb('Correct-Horse-9', FEW);
    for (const other of [
      (await hashPassword('Correct-Horse-9')).replace('scrypt', 'bcrypt'),
      stored.replace('pbkdf2-sha256', 'pbkdf2-sha1'),
      stored.split('$').slice(0, 3).join('$'),
      stored.replace(/\$\d+\$/, '$0$'),
      stored.replace(/\$\d+\$/, '$many$'),
      `${stored.slice(0, -4)}`,
      '',
    ]) {
      expect(await passwordMatchesWeb('Correct-Horse-9', other), other).toBe(false);
    }
  });

  it('checks the Node sandbox’s scrypt hashes, so a fixture from npm start (the seeded world) signs in inside MSW', async () => {
    const stored = await hashPassword('Correct-Horse-9');
    expect(await passwordMatchesWeb('Correct-Horse-9', stored)).toBe(true);
    expect(await passwordMatchesWeb('Correct-Horse-8', stored)).toBe(false);
  });

  it('makes hashes the Node sandbox’s hasher checks too, so a fixture from MSW signs in under npm start', async () => {
    const stored = await hashPasswordWeb('Correct-Horse-9', FEW);
    expect(await passwordMatches('Correct-Horse-9', stored)).toBe(true);
    expect(await passwordMatches('Correct-Horse-8', stored)).toBe(false);
  });

  it('is a hasher the sign-in sandbox signs the seeded accounts in with', async () => {
    const sandbox = await SignInSandbox.seeded({ hasher: webCryptoHasher(FEW) });
    const login = (password: string) =>
      sandbox.answer(
        'auth.login',
        { path: {}, query: new URLSearchParams(), body: { email: 'ada@example.com', password } },
        undefined,
      );
    expect((await login(SEED_PASSWORD)).status).toBe(200);
    expect((await login(`${SEED_PASSWORD}x`)).status).toBe(401);
  });
});
