import { clearSession } from './session.js';

type Api = typeof import('./api.js')['api'];

let loaded: Api | undefined;
let loading: Promise<Api> | undefined;

/**
 * The API client, loaded on first use. The SDK (openapi-fetch, the client and the operation table) is about 9 KB gzip
 * (ky, 5 KB more, comes only with a call's first retry) and nothing on a screen's first paint needs it, so it is its
 * own chunk, fetched when a visitor starts typing or a screen makes its first call. Every call goes through here;
 * `loadedApiClient` serves the global cancel.
 */
export function loadApiClient(): Promise<Api> {
  loading ??= import('./api.js').then(
    (module) => {
      loaded = module.api;
      return module.api;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function loadedApiClient(): Api | undefined {
  return loaded;
}

/** §4 at start: resume a stored session (GET /token/user); without a stored token nothing needs loading. */
export async function resumeSession(hasToken: boolean): Promise<void> {
  if (!hasToken) return;
  await loadApiClient();
  const { loadSession } = await import('./api.js');
  await loadSession();
}

/**
 * Sign-out ("Not you?"): revokes the token on the server, then forgets it (`signOut`). Forgotten also when the API
 * client cannot load; it never rejects.
 */
export async function endSession(): Promise<void> {
  try {
    await loadApiClient();
    const { signOut } = await import('./api.js');
    await signOut();
  } catch {
    clearSession();
  }
}
