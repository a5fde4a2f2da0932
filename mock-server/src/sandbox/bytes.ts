// The sandbox's randomness, hashes and signatures without `node:crypto` or `Buffer`, so the same sandbox runs in
// Node (its HTTP server) and in a browser (its MSW twin, issue 32). HMAC and SHA-256 are sync (@noble/hashes): the
// invitation token and a file's signed URL are made inside sync code paths.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

const encoder = new TextEncoder();

export const utf8 = (text: string): Uint8Array => encoder.encode(text);

export function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

export const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export const hmacSha256 = (key: Uint8Array | string, message: string): Uint8Array =>
  hmac(sha256, typeof key === 'string' ? utf8(key) : key, utf8(message));

export const sha256Of = (text: string): Uint8Array => sha256(utf8(text));

/** Compares in time that depends only on the lengths, as `timingSafeEqual` does. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
