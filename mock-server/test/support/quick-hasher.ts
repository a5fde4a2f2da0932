import { webCryptoHasher } from '../../src/sandbox/web-hasher.js';

/**
 * The hasher of the tests whose subject is not the hash: PBKDF2 at 1,000 rounds (under a millisecond) instead of the
 * product's scrypt (about 50 ms of CPU each, some 400 of them in a unit run). One instance, so that the seeded
 * accounts are hashed once per worker (the sandbox keeps seed hashes by hasher). The product's scrypt, its cost and
 * that it is the default are held by passwords.test.ts; the tests about hashes in flight keep the real one.
 */
export const quickHasher = webCryptoHasher(1_000);
