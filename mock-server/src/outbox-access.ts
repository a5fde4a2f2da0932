import { timingSafeEqual } from 'node:crypto';
import { isLoopback } from './client-address.js';

// Who may read the outbox (issue 29 F12). Its mails carry live reset and verification links: where the mock was
// reachable, anyone could read them and take over a staging account in four requests. It answers a client on this
// machine; anyone else must present the token set at start (MOCK_OUTBOX_TOKEN) as the password of HTTP Basic
// authentication, which a browser asks for and then sends with every page and the stylesheet.

export type OutboxAccess = 'allowed' | 'ask' | 'refused';

/** Basic credentials whose password is `token` (any user name), compared in constant time. */
function presents(authorization: string | undefined, token: string): boolean {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!encoded) return false;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const given = Buffer.from(decoded.slice(decoded.indexOf(':') + 1));
  const wanted = Buffer.from(token);
  return decoded.includes(':') && given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** `client` is the caller's address past the trusted proxies (client-address.ts), never a header it wrote alone. */
export function outboxAccess(
  client: string,
  authorization: string | undefined,
  token: string | undefined,
): OutboxAccess {
  if (isLoopback(client)) return 'allowed';
  if (!token) return 'refused';
  return presents(authorization, token) ? 'allowed' : 'ask';
}
