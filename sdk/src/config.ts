/** Where failed calls are reported; `console` by default. Records never hold keys, tokens, passwords or captchas. */
export interface ApiLogger {
  error(message: string, details: Record<string, unknown>): void;
}

/** Retry rules (§8, §9). The defaults are the product's constants; tests and benchmarks may shorten the delay. */
export interface RetrySettings {
  /** Tries per call, the first included (3). */
  tries?: number;
  /** Milliseconds between tries (100). */
  delayMs?: number;
  /** Statuses worth another try (502, 503, 504, 429); no response and a timeout are always retried. */
  statusCodes?: readonly number[];
  /**
   * The longest `Retry-After` the client waits out (2000 ms). A retryable answer asking for longer comes back at
   * once as `ApiError` with `retryAfter`, so the app can show a lockout instead of a spinner.
   */
  maxRetryAfterMs?: number;
}

/** Everything `createApiClient` accepts. */
export interface ApiClientConfig {
  /** Base URL of the API, e.g. `https://api.example.com` (direct mode). */
  endpoint: string;
  /** Sent as `X-Api-Key` in direct mode. Required unless `proxy` is set: a proxy adds it server-side. */
  apiKey?: string;
  /** Sent as `X-Client-Id` when set. */
  clientId?: string;
  /**
   * Proxy mode (§7): every call becomes `POST {proxy}/{group}.{method}`. `'/api'` in a browser (resolved against the
   * page), an absolute URL elsewhere. The API key is then never sent from this client.
   */
  proxy?: string;
  /** Returns the signed-in user's access token, if any; read once per call. */
  getAccessToken?: () => string | null | undefined;
  /** Returns a guest pass, if any, sent as `guestPass` to the operations that accept one (guest views). */
  getGuestPass?: () => string | null | undefined;
  /** A `fetch` to use instead of the global one (tests inject a fake here). */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds one try may take before it is aborted and retried (10 000). */
  timeoutMs?: number;
  /** The same for uploads (60 000). */
  uploadTimeoutMs?: number;
  retry?: RetrySettings;
  /** Where failures are reported; `false` silences them. */
  logger?: ApiLogger | false;
}

/** A configuration or call-shape mistake, thrown before anything is sent (§8). */
export class ApiConfigError extends Error {
  override name = 'ApiConfigError';
}

export function validateConfig(config: ApiClientConfig): void {
  if (!config.endpoint) throw new ApiConfigError('Missing required ApiClient configuration: endpoint.');
  if (!config.apiKey && !config.proxy) throw new ApiConfigError('Missing required ApiClient configuration: apiKey.');
}

/** The settings every call reads, with the defaults filled in. */
export interface ResolvedSettings {
  tries: number;
  delayMs: number;
  statusCodes: readonly number[];
  maxRetryAfterMs: number;
  timeoutMs: number;
  uploadTimeoutMs: number;
}

export const RETRYABLE_STATUSES = [502, 503, 504, 429] as const;

export function resolveSettings(config: ApiClientConfig): ResolvedSettings {
  return {
    tries: config.retry?.tries ?? 3,
    delayMs: config.retry?.delayMs ?? 100,
    statusCodes: config.retry?.statusCodes ?? RETRYABLE_STATUSES,
    maxRetryAfterMs: config.retry?.maxRetryAfterMs ?? 2000,
    timeoutMs: config.timeoutMs ?? 10_000,
    uploadTimeoutMs: config.uploadTimeoutMs ?? 60_000,
  };
}

/** The proxy base as an absolute URL without a trailing slash; a relative base needs a page to resolve against. */
export function resolveProxyBase(proxy: string): string {
  const page = (globalThis as { location?: { href: string } }).location?.href;
  try {
    return new URL(proxy, page).href.replace(/\/+$/, '');
  } catch {
    throw new ApiConfigError(`The proxy base ${proxy} must be an absolute URL outside a browser.`);
  }
}
