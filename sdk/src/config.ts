/**
 * Where failed calls are reported. A logger given in the configuration hears of every failure but a cancel; the
 * default, `console`, prints only outages, defects and malformed calls (5xx, no answer, a timeout, a body not as
 * described, 400, 422, a configuration mistake), not the answers an app handles (401, 403, 404, 409, 429). Records
 * never hold keys, tokens, passwords or captchas.
 */
export interface ApiLogger {
  error(message: string, details: Record<string, unknown>): void;
}

/** Retry rules (§8, §9). The defaults are the product's constants; tests and benchmarks may shorten the delay. */
export interface RetrySettings {
  /** Tries per call, the first included (3). */
  tries?: number;
  /** Milliseconds between tries (100), and the least wait when an answer's `Retry-After` asks for less. */
  delayMs?: number;
  /** Statuses worth another try (502, 503, 504, 429); no response and a timeout are always retried. */
  statusCodes?: readonly number[];
  /**
   * The longest `Retry-After` the client waits out (2000 ms): a retryable answer asking for 100 ms to this long is
   * retried after the time it asks. A retryable answer asking for longer comes back at once as `ApiError` with
   * `retryAfter`, so the app can show a lockout instead of a spinner.
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
  /** Where failures are reported; `false` silences them (see `ApiLogger` for what the default prints). */
  logger?: ApiLogger | false;
  /**
   * Checks every 2xx JSON answer against its operation's schema in the description and rejects with
   * `ResponseContractError` when it breaks it: for development and QA, so a backend that drifts fails loudly. Off
   * by default; the schemas and the validator are loaded only when it is on.
   */
  validateResponses?: boolean;
}

/** What `withOptions()` may change for a derived client: any option (`retry` is merged one setting at a time). */
export type ClientOptions = Partial<ApiClientConfig>;

/**
 * A mistake of the calling code, never of the API: the configuration, a call's shape (§8's texts), or an error the
 * app's own callback or middleware threw, which is then its `cause`. A call rejects with it; `createApiClient` throws
 * it.
 */
export class ApiConfigError extends Error {
  override name = 'ApiConfigError';
  /** Beside `ApiError`'s kinds and `ApiCancelError`'s `abort`, so one `switch (error.kind)` covers every rejection. */
  readonly kind = 'config' as const;
}

/** The base URLs a client calls, checked once when it is made. */
export interface Bases {
  /** The API's base URL, without a trailing slash. */
  endpoint: string;
  /** Proxy mode's base as an absolute URL without a trailing slash, or undefined in direct mode. */
  proxy: string | undefined;
}

/** Checks the configuration (§8 texts for what is missing) and resolves the base URLs: no call is made with a bad one. */
export function validateConfig(config: ApiClientConfig): Bases {
  if (!config.endpoint) throw new ApiConfigError('Missing required ApiClient configuration: endpoint.');
  if (!config.apiKey && !config.proxy) throw new ApiConfigError('Missing required ApiClient configuration: apiKey.');
  const endpoint = httpUrl(config.endpoint, 'endpoint', 'an absolute http(s) URL such as https://api.example.com');
  return { endpoint, proxy: config.proxy === undefined ? undefined : resolveProxyBase(config.proxy) };
}

/** An absolute http(s) URL without a trailing slash, or an `ApiConfigError` that says which option is wrong and why. */
export function httpUrl(
  value: unknown,
  option: string,
  expected: string,
  page?: string,
  subject = 'ApiClient',
): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value, page) : undefined;
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new ApiConfigError(
      `Invalid ${subject} configuration: ${option} ${JSON.stringify(value)} is not ${expected}.`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

/** The proxy base as an absolute URL: `'/api'` is resolved against the page, so outside a browser it must be absolute. */
function resolveProxyBase(proxy: string): string {
  const page = (globalThis as { location?: { href: string } }).location?.href;
  if (!page && !/^https?:\/\//i.test(proxy)) {
    throw new ApiConfigError(
      `Invalid ApiClient configuration: proxy ${JSON.stringify(proxy)} is relative, and there is no page to resolve it against: give an absolute http(s) URL outside a browser.`,
    );
  }
  return httpUrl(proxy, 'proxy', "a path on this site such as '/api' or an absolute http(s) URL", page);
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
