import type { IncomingMessage } from 'node:http';
import type { ListenerRequest, ProxyListener } from '@runofshow/sdk/proxy-listener';
import type { BodyBudget } from './body-budget.js';
import type { Mount } from './mount.js';
import { sendProblem } from './send.js';

export interface ApiMountOptions {
  /** The SDK's node:http proxy listener (it counts the body against its own limit and writes the answer); none in direct mode. */
  listener?: ProxyListener;
  /** The operations it passes: the route label of a known one is `/api/<name>`, of any other `/api`. */
  known: ReadonlySet<string>;
  /** How the visitor reached the host, when a trusted load balancer says so (`TRUST_PROXY`). */
  forwarded?: (req: IncomingMessage) => { proto?: string; host?: string } | undefined;
  /** What the bodies in flight may hold in all (`body-budget.ts`). */
  budget: BodyBudget;
}

/**
 * The request as the listener should judge its origin: behind a trusted load balancer the visitor's page is on the
 * forwarded scheme and host, not on the plain-HTTP hop the host sees (else every call from an HTTPS page is refused
 * as cross-origin). Everything else is the request itself.
 */
function asForwarded(req: IncomingMessage, proto: string | undefined, host: string | undefined): ListenerRequest {
  if (!proto && !host) return req;
  const on = (event: string, listener: (chunk: Uint8Array) => void) => req.on(event, listener);
  const off = (event: string, listener: (chunk: Uint8Array) => void) => req.off(event, listener);
  return {
    method: req.method,
    url: req.url,
    headers: host ? { ...req.headers, host } : req.headers,
    get complete() {
      return req.complete;
    },
    // The listener tells HTTPS by an `encrypted` socket; the peer's address stays the real one.
    socket: { remoteAddress: req.socket.remoteAddress, ...(proto === 'https' ? { encrypted: true } : {}) },
    on: on as ListenerRequest['on'],
    off: off as ListenerRequest['off'],
    pause: () => req.pause(),
  };
}

/** `/api/…`: the proxy in proxy mode; in direct mode there is none, and nothing under /api goes upstream. */
export function apiMount(options: ApiMountOptions): Mount {
  return {
    prefix: '/api',
    label: (hit) => {
      const name = hit.rest.replace(/^\/(upload\/)?/, '');
      return options.known.has(name) ? `/api/${name}` : '/api';
    },
    serve: async (hit) => {
      const { listener } = options;
      if (!listener) {
        return sendProblem(hit.res, 404, 'Not found', 'This host runs in direct mode: the page calls the API itself.');
      }
      if (hit.req.method !== 'POST') {
        hit.res.setHeader('Allow', 'POST');
        return sendProblem(hit.res, 405, 'Method not allowed', 'Proxy calls are POST /api/{group}.{method}.');
      }
      const held = options.budget.reserve(hit.req.headers['content-length']);
      if (held === undefined) {
        // Nothing of the body is read: the connection closes once the answer is out, so none of it is held either.
        hit.res.setHeader('Retry-After', '1');
        hit.res.setHeader('Connection', 'close');
        return sendProblem(hit.res, 503, 'Service unavailable', 'Too many calls are in flight; try again shortly.');
      }
      hit.res.once('close', () => options.budget.release(held));
      const forwarded = options.forwarded?.(hit.req);
      await listener(asForwarded(hit.req, forwarded?.proto, forwarded?.host), hit.res);
    },
  };
}
