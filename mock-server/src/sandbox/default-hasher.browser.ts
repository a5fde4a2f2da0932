// The sandbox's hasher unless one is given, in a browser: WebCrypto's PBKDF2 (see default-hasher.ts).
import { webCryptoHasher } from './web-hasher.js';

export const defaultHasher = webCryptoHasher();
