import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json)|image\/svg\+xml)/;
const TEXT = 'text/plain; charset=utf-8';

/** Compressed documents, by a key naming their bytes (a file and its modification time), compressed once. */
const packed = new Map<string, Buffer>();

/**
 * Sends a document the server writes itself (the app shell with its settings, the docs page, the placeholders),
 * gzip-compressed when the client accepts it and the body is text worth compressing, as any production host would.
 * `cacheKey` names bytes that do not change, whose compressed form is kept.
 */
export function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  extra: Record<string, string> = {},
  cacheKey?: string,
): void {
  const gzip =
    /\bgzip\b/.test(String(res.req.headers['accept-encoding'] ?? '')) &&
    COMPRESSIBLE.test(type) &&
    Buffer.byteLength(body) > 1024;
  let payload: string | Buffer = body;
  if (gzip) {
    payload = (cacheKey && packed.get(cacheKey)) || gzipSync(body, { level: 6 });
    if (cacheKey) packed.set(cacheKey, payload);
  }
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': String(Buffer.byteLength(payload)),
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    ...extra,
  });
  res.end(res.req.method === 'HEAD' ? undefined : payload);
}

/** A short plain-text answer (errors, refusals): never cached. */
export function sendText(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  send(res, status, TEXT, text, { 'Cache-Control': 'no-store', ...extra });
}

export function redirect(res: ServerResponse, status: 301 | 302, location: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { Location: location, 'Content-Length': '0', ...extra });
  res.end();
}
