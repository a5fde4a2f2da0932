import type { Middleware } from 'openapi-fetch';
import { type CallContext, passMark } from '../call-context.js';
import { API_KEY_HEADER, CLIENT_ID_HEADER } from '../call-headers.js';

export interface Credentials {
  /** `X-Api-Key`; never given in proxy mode, where the server holds the key. */
  apiKey: string | undefined;
  /** `X-Client-Id` (§7 "the client identifier is added to request data"). */
  clientId: string | undefined;
}

/**
 * Credentials (§7): the API key and the client id as headers; the access token and the guest pass as the
 * `accessToken` and `guestPass` query parameters, and only when the call's operation takes them (`ctx.token` and
 * `ctx.guestPass` are already filtered by the operation table), so sign-in never carries a token. In proxy mode the
 * rewrite that follows moves the query, token included, into the envelope, and the client id into its `clientId`.
 */
export function credentials(ctx: CallContext, held: Credentials): Middleware {
  return {
    onRequest({ request }) {
      if (held.apiKey) request.headers.set(API_KEY_HEADER, held.apiKey);
      if (held.clientId) request.headers.set(CLIENT_ID_HEADER, held.clientId);
      if (!ctx.token && !ctx.guestPass) return undefined;
      // A new Request from parts, not from the old Request: copying one costs several times more in Node.
      const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers: request.headers };
      if (request.body) {
        init.body = request.body;
        init.duplex = 'half';
      }
      return passMark(request, new Request(withCredentials(request.url, ctx.token, ctx.guestPass), init));
    },
  };
}

/** The URL with `accessToken` and `guestPass` set (replacing any the caller put there). */
function withCredentials(href: string, token: string | undefined, guestPass: string | undefined): string {
  if (!/[?&](accessToken|guestPass)=/.test(href)) {
    let out = href;
    if (token) out += `${out.includes('?') ? '&' : '?'}accessToken=${encodeURIComponent(token)}`;
    if (guestPass) out += `${out.includes('?') ? '&' : '?'}guestPass=${encodeURIComponent(guestPass)}`;
    return out;
  }
  const url = new URL(href);
  if (token) url.searchParams.set('accessToken', token);
  if (guestPass) url.searchParams.set('guestPass', guestPass);
  return url.href;
}
