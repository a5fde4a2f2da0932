import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProxyListener } from '@runofshow/sdk/proxy-listener';
import { send } from './site-send.js';

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
 * writes the answer itself. Only POST reaches it; the site's security headers, already on `res`, are not among the
 * API headers it may pass.
 */
export async function mountListener(listener: ProxyListener, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') {
    return refuse(res, 405, 'Method not allowed', 'Proxy calls are POST /api/{group}.{method}.', { Allow: 'POST' });
  }
  await listener(req, res);
}
