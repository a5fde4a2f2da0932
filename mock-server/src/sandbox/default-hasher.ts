// The sandbox's hasher unless one is given, in Node: scrypt. A browser build resolves `#default-hasher` to
// default-hasher.browser.ts instead (package.json `imports`), so no `node:crypto` reaches it (issue 32).
export { scryptHasher as defaultHasher } from './passwords.js';
