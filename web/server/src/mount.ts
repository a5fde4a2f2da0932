import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CspOptions } from './security-headers.js';

/**
 * One request as a mount sees it: its path decoded once (as the app's router decodes it), what follows the mount's
 * prefix, and the host's ways of answering. A mount written elsewhere (the development pages `npm start` adds) needs
 * nothing but this object.
 */
export interface Hit {
  req: IncomingMessage;
  res: ServerResponse;
  /** The whole path, percent-decoded with `decodeURI` (as wouter does), dot segments resolved. */
  path: string;
  /** The decoded path after the mount's prefix: '' or '/…'. */
  rest: string;
  /** The raw URL on this site's origin (a validated Host). */
  url: URL;
  /** Sets the page's security headers again with what this page needs in its CSP. */
  pageHeaders(csp: CspOptions): void;
  /** A document the mount wrote, compressed as the client accepts (`cacheKey` names bytes that never change). */
  send(status: number, type: string, body: string | Buffer, extra?: Record<string, string>, cacheKey?: string): void;
  /** A short plain-text answer, never cached. */
  sendText(status: number, text: string, extra?: Record<string, string>): void;
  redirect(status: 301 | 302, location: string, extra?: Record<string, string>): void;
  /** Serves `hit.rest` from a built folder (its brotli or gzip twin when accepted); false when no such file. */
  files(root: string): Promise<boolean>;
}

export type Serve = (hit: Hit) => void | Promise<void>;

/** A prefix (matched in any case, as the router matches its base) and what answers under it. */
export interface Mount {
  prefix: string;
  serve: Serve;
  /** The route label of its requests in logs and metrics (the prefix by default). */
  label?: (hit: Pick<Hit, 'rest'>) => string;
}

const isRead = (req: IncomingMessage) => req.method === 'GET' || req.method === 'HEAD';

/** A mount that answers GET and HEAD only (405 otherwise). */
export const readOnly =
  (serve: Serve): Serve =>
  (hit) => {
    if (isRead(hit.req)) return serve(hit);
    hit.sendText(405, 'Method not allowed', { Allow: 'GET, HEAD' });
  };

const matches = (path: string, prefix: string) => {
  const lower = path.toLowerCase();
  return lower === prefix || lower.startsWith(`${prefix}/`);
};

/** The mount that answers a path: the first whose prefix it equals or continues with a `/`, in any case. */
export function mountFor(mounts: readonly Mount[], path: string): Mount | undefined {
  return mounts.find((mount) => matches(path, mount.prefix));
}
