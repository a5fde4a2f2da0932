import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scryptHasher } from '../src/sandbox/passwords.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';

// The product's password hash, pinned: scrypt at N = 2^14, r = 8, p = 1 with a 32-byte key, the sandbox's hasher
// unless a test gives it another. Most tests run on a cheaper one (support/quick-hasher.ts): this file is what keeps
// the real one, and its cost, from drifting unseen.
const PRODUCT = { N: 2 ** 14, r: 8, p: 1 };

/** Whether `stored` is `scrypt$<salt>$<key>` of `password` at the product's cost. */
function isProductScrypt(password: string, stored: string): boolean {
  const [scheme, salt, key, extra] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || extra !== undefined) return false;
  const expected = scryptSync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), 32, PRODUCT);
  return expected.toString('base64url') === key;
}

describe('the sandbox’s password hash', () => {
  it('is scrypt at N = 2^14, r = 8, salted afresh each time, and checks its own hashes', async () => {
    const stored = await scryptHasher.hash('Correct-Horse-9');
    expect(stored).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(isProductScrypt('Correct-Horse-9', stored)).toBe(true);
    expect(isProductScrypt('Correct-Horse-8', stored)).toBe(false);
    expect(await scryptHasher.hash('Correct-Horse-9')).not.toBe(stored);
    expect(await scryptHasher.matches('Correct-Horse-9', stored)).toBe(true);
    expect(await scryptHasher.matches('Correct-Horse-8', stored)).toBe(false);
  });

  it('is what a sandbox given no hasher stores for a new account', async () => {
    const sandbox = await SignInSandbox.seeded();
    const body = { firstName: 'Pin', lastName: 'Ned', email: 'pinned@example.com', password: 'Pinned-Pass-1' };
    expect((await sandbox.createUser(body, '192.0.2.9')).status).toBe(201);
    const account = sandbox.snapshot().accounts.find((a) => a.user.email === 'pinned@example.com');
    expect(isProductScrypt('Pinned-Pass-1', account?.passwordHash ?? '')).toBe(true);
  });
});
