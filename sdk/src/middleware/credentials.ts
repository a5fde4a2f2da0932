import type { Middleware } from 'openapi-fetch';
import type { CallContext } from '../call-context.js';
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
      const url = new URL(request.url);
      if (ctx.token) url.searchParams.set('accessToken', ctx.token);
      if (ctx.guestPass) url.searchParams.set('guestPass', ctx.guestPass);
      return new Request(url, request);
    },
  };
}
