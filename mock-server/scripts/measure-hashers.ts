// `npm run mock:measure-hashers`: what one password hash costs with the Node sandbox's scrypt and with the WebCrypto
// PBKDF2 hasher the sandbox uses where `node:crypto` is not (issue 32, the sandbox inside MSW), measured in one run,
// interleaved so the machine's load falls on both alike; then the p50 and p90 of each. Not part of `npm test`.
import { type Hasher, scryptHasher } from '../src/sandbox/passwords.js';
import { PBKDF2_ROUNDS, webCryptoHasher } from '../src/sandbox/web-hasher.js';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const hashers: Record<string, Hasher> = { scrypt: scryptHasher, [`pbkdf2 ${PBKDF2_ROUNDS}`]: webCryptoHasher() };
const times: Record<string, number[]> = Object.fromEntries(Object.keys(hashers).map((name) => [name, []]));
const names = Object.keys(hashers);
for (const name of names) await hashers[name]?.hash('warm-up-Password-1');
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 ? [...names].reverse() : names) {
    const started = performance.now();
    await hashers[name]?.hash(`Measure-Password-${round}`);
    times[name]?.push(performance.now() - started);
  }
}
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
for (const [name, list] of Object.entries(times)) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(
    `${name}: p50 ${at(sorted, 0.5).toFixed(1)} ms, p90 ${at(sorted, 0.9).toFixed(1)} ms (${list.length} hashes)`,
  );
}
