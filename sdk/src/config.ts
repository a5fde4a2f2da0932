/** Everything `createApiClient` accepts. */
export interface ApiClientConfig {
  /** Base URL of the API, e.g. `https://api.example.com` (direct mode). */
  endpoint: string;
  /** Sent as `X-Api-Key` in direct mode. Required unless `proxy` is set: a proxy adds it server-side. */
  apiKey?: string;
  /** Sent as `X-Client-Id` when set. */
  clientId?: string;
  /** Proxy-mode base (`'/api'` in a browser, an absolute URL in Node). */
  proxy?: string;
  /** Returns the signed-in user's access token, if any; read on every call. */
  getAccessToken?: () => string | null | undefined;
  /** A `fetch` to use instead of the global one (tests inject a fake here). */
  fetch?: typeof globalThis.fetch;
}

/** A configuration mistake, thrown by `createApiClient` before any call is made (§8). */
export class ApiConfigError extends Error {
  override name = 'ApiConfigError';
}

export function validateConfig(config: ApiClientConfig): void {
  if (!config.endpoint) throw new ApiConfigError('Missing required ApiClient configuration: endpoint.');
  if (!config.apiKey && !config.proxy) throw new ApiConfigError('Missing required ApiClient configuration: apiKey.');
}
