/**
 * A fresh request id: an RFC 4122 version 4 UUID. `crypto.randomUUID` exists only in secure contexts, so a page served
 * over plain http from a name other than localhost (an intranet host, a phone on the LAN trying the dev server) has
 * none; `crypto.getRandomValues` exists everywhere and gives the same shape.
 */
export function newRequestId(): string {
  const random = globalThis.crypto;
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // variant 10xx
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
