import type { Middleware } from 'openapi-fetch';
import type { ApiClientConfig } from '../config.js';
import { rewriteRequest } from './rewrite.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Direct-mode headers and query (§7): a fresh request id per call, the API key, the optional client id, and the
 * access token as the `accessToken` query parameter when one is held. Retries happen beneath the middleware, so
 * every try of one call carries the same request id.
 */
export function directHeaders(config: ApiClientConfig): Middleware {
  return {
    async onRequest({ request }) {
      if (!request.headers.has(REQUEST_ID_HEADER)) request.headers.set(REQUEST_ID_HEADER, crypto.randomUUID());
      if (config.apiKey) request.headers.set('X-Api-Key', config.apiKey);
      if (config.clientId) request.headers.set('X-Client-Id', config.clientId);
      const token = config.getAccessToken?.();
      if (!token) return request;
      const url = new URL(request.url);
      url.searchParams.set('accessToken', token);
      return rewriteRequest(request, url);
    },
  };
}
