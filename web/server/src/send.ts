import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { cacheControl } from './routes.js';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|problem\+json)|image\/svg\+xml)/;
const TEXT = 'text/plain; charset=utf-8';

export type Encoding = 'br' | 'gzip';

/** Each coding an `Accept-Encoding` header names, with its weight (`q`, 1 when not given). */
function codingWeights(header: string | undefined): Map<string, number> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  return accepted;
}

/**
 * The twins a file server may send for an `Accept-Encoding` header: brotli and gzip where named and not refused with
 * `q=0`. Named, not through `*`: nginx's brotli_static and gzip_static in front read it that way.
 */
export function acceptedTwins(header: string | undefined): Encoding[] {
  const accepted = codingWeights(header);
  return (['br', 'gzip'] as const).filter((name) => (accepted.get(name) ?? 0) > 0);
}

/**
 * The coding to send for an `Accept-Encoding` header: brotli, then gzip, each unless refused with `q=0`; none when the
 * client names neither (or `identity` only).
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  const accepted = codingWeights(header);
  const wants = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return wants('br') ? 'br' : wants('gzip') ? 'gzip' : undefined;
}

/** A body in one coding: brotli at a middle quality (it runs per new document), gzip at 6. */
export function compress(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body, { level: 6 });
}

/** Compressed documents, by a key naming their bytes (a file and its modification time) and the coding. */
const packed = new Map<string, Buffer>();

/**
 * Sends a document the server writes itself (the app shell with its settings, a refusal, the development pages),
 * compressed as the client accepts when it is text worth compressing. `cacheKey` names bytes that do not change,
 * whose compressed forms are kept.
 */
export function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  extra: Record<string, string> = {},
  cacheKey?: string,
): void {
  const worth = COMPRESSIBLE.test(type) && Buffer.byteLength(body) > 1024;
  const encoding = worth ? preferredEncoding(res.req.headers['accept-encoding']?.toString()) : undefined;
  let payload: string | Buffer = body;
  if (encoding) {
    const key = cacheKey && `${encoding}:${cacheKey}`;
    payload = (key && packed.get(key)) || compress(body, encoding);
    if (key) {
      // Documents change only on a rebuild: a few dozen entries cover every one and its last versions.
      if (packed.size >= 64) packed.clear();
      packed.set(key, payload);
    }
  }
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': String(Buffer.byteLength(payload)),
    ...(worth ? { Vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    ...extra,
  });
  res.end(res.req.method === 'HEAD' ? undefined : payload);
}

/** A short plain-text answer (errors, refusals): never cached. */
export function sendText(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  send(res, status, TEXT, text, { 'Cache-Control': cacheControl.refusal, ...extra });
}

/** A problem-details answer (RFC 9457), never cached. */
export function sendProblem(res: ServerResponse, status: number, title: string, detail: string): void {
  const body = JSON.stringify({ type: 'about:blank', title, status, detail });
  send(res, status, 'application/problem+json', body, { 'Cache-Control': cacheControl.refusal });
}

export function redirect(res: ServerResponse, status: 301 | 302, location: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { Location: location, 'Content-Length': '0', ...extra });
  res.end();
}
