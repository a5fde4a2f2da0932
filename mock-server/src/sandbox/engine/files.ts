import { base64url, hex, hmacSha256, randomBytes, sameText, utf8 } from '../bytes.js';
import type { Store, StoredRecord } from './store.js';

/**
 * The signed URLs the description returns (documents, photos, assets) lead to the mock's own `/files/…`, which serves
 * the bytes that were uploaded. A URL is signed with its file's own secret (kept in the store beside the bytes, so
 * every instance on a shared database can check it) and stops working when it expires.
 */
export const FILES_PREFIX = '/files/';

/** A fresh secret for a stored file. */
export const fileSecret = () => hex(randomBytes(16));

const signatureOf = (blob: StoredRecord, expires: number) =>
  base64url(hmacSha256(String(blob.secret ?? ''), `${blob._id}\n${expires}`));

/** The address of a stored file, good until `expiresAt` (milliseconds). */
export function signedFileUrl(origin: string, blob: StoredRecord, expiresAt: number): string {
  const expires = Math.floor(expiresAt / 1000);
  const name = encodeURIComponent(String(blob.name ?? 'file'));
  return `${origin}${FILES_PREFIX}${blob._id}/${name}?expires=${expires}&signature=${signatureOf(blob, expires)}`;
}

export interface FileAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

const refusal = (status: number, text: string): FileAnswer => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: utf8(`${text}\n`),
});

/** The bytes a signed URL names: 404 for no such file, 403 for a wrong signature, 410 once it has expired. */
export function serveFile(store: Store, pathname: string, query: URLSearchParams, now: number): FileAnswer {
  const id = pathname.slice(FILES_PREFIX.length).split('/')[0] ?? '';
  const blob = store.get('blobs', id);
  if (!blob || !(blob.bytes instanceof Uint8Array)) return refusal(404, 'No such file.');
  const expires = Number(query.get('expires'));
  if (!Number.isInteger(expires) || !sameText(query.get('signature') ?? '', signatureOf(blob, expires)))
    return refusal(403, 'The signature does not match this file.');
  if (expires * 1000 < now) return refusal(410, 'This link has expired: ask for a new one.');
  return {
    status: 200,
    headers: {
      'content-type': String(blob.contentType || 'application/octet-stream'),
      'content-length': String(blob.bytes.length),
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(String(blob.name ?? 'file'))}`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      // An uploaded page runs nothing on the mock's origin.
      'content-security-policy': "default-src 'none'; sandbox",
    },
    body: blob.bytes,
  };
}
