import createClient from 'openapi-fetch';
import { type ApiClientConfig, validateConfig } from './config.js';
import type { paths } from './generated/schema.js';
import { throwOnError } from './middleware/errors.js';
import { directHeaders } from './middleware/headers.js';

/**
 * Creates the typed API client: openapi-fetch's path-based methods (`GET`, `POST`, `PUT`, `PATCH`, `DELETE`) with
 * the product's transport rules applied as middleware. A call that gets an error status rejects with `ApiError`.
 */
export function createApiClient(config: ApiClientConfig) {
  validateConfig(config);
  const client = createClient<paths>({
    baseUrl: config.endpoint.replace(/\/+$/, ''),
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
  client.use(directHeaders(config), throwOnError());
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;
