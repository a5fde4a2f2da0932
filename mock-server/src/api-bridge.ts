import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProxyListener } from '@runofshow/sdk/proxy-listener';
import { SECURITY_HEADER_NAMES } from './security-headers.js';
import { send } from './site-send.js';

export type FetchHandler = (request: Request) => Promise<Response>;

const problem = (status: number, title: string, detail: string) =>
  JSON.stringify({ type: 'about:blank', title, status, detail });

/** Answers a refused call as the proxy handler would, and closes the connection so an unread body is not awaited. */
function refuse(
  res: ServerResponse,
  status: number,
  title: string,
  detail: string,
  extra: Record<string, string> = {},
) {
  send(res, status, 'application/problem+json', problem(status, title, detail), {
    'Cache-Control': 'no-store',
    ...extra,
  });
}

/**
 * Reads a body counting bytes as they arrive (chunked too), answering 413 at once for a declared length over
 * `maxBytes` and as soon as the count passes it: never more than the limit is held.
 */
/** A request's body, counted as it arrives and never held past `maxBytes` (then 'too large'). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too large'> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return Promise.resolve('too large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      // Stop receiving: the rest is neither read nor held, and the answer closes the connection.
      req.off('data', onData);
      req.pause();
      resolve('too large');
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * Hands a Node request to the proxy's node:http listener, which reads the body (counted, within its own limit) and
 * writes the answer itself: no Request or Response on the way. Only POST reaches it, as with `bridge`; the site's
 * security headers, already on `res`, are not among the API headers it may pass.
 */
export async function mountListener(listener: ProxyListener, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') {
    return refuse(res, 405, 'Method not allowed', 'Proxy calls are POST /api/{group}.{method}.', { Allow: 'POST' });
  }
  await listener(req, res);
}

/**
 * Hands a Node request to a fetch-standard handler (the SDK's proxy handler) and writes its Response back. Only POST
 * reaches the handler (a fetch `Request` cannot even be made for TRACE or CONNECT); the site's security headers,
 * already on `res`, are never replaced by the handler's.
 */
export async function bridge(
  handler: FetchHandler,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  maxBodyBytes: number,
): Promise<void> {
  if (req.method !== 'POST') {
    return refuse(res, 405, 'Method not allowed', 'Proxy calls are POST /api/{group}.{method}.', { Allow: 'POST' });
  }
  const body = await readBody(req, maxBodyBytes);
  if (body === 'too large') {
    res.shouldKeepAlive = false;
    return refuse(res, 413, 'Content too large', `Proxy calls carry at most ${maxBodyBytes} bytes.`, {
      Connection: 'close',
    });
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const request = new Request(new URL(req.url ?? '/', origin), {
    method: 'POST',
    headers,
    ...(body.length ? { body } : {}),
  });
  const response = await handler(request);
  for (const [name, value] of response.headers) {
    if (SECURITY_HEADER_NAMES.has(name) || /^(content-length|transfer-encoding|connection)$/.test(name)) continue;
    res.setHeader(name, value);
  }
  const payload = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { 'Content-Length': String(payload.length) });
  res.end(payload);
}
