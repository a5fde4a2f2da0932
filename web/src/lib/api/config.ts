/**
 * Runtime settings. The server that serves the app names them in `<meta>` tags, so one build runs against any mock
 * or backend: `api-endpoint` (the API in direct mode), `api-key` (direct mode only) and `api-mode` (`proxy` sends
 * every call through the same origin's `/api/`, where the server adds the API key). The Vite env and the development
 * defaults fill in when the page carries none; without `api-mode` the app calls the API directly.
 */
function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

export const config = {
  endpoint: meta('api-endpoint') ?? import.meta.env.VITE_API_ENDPOINT ?? 'http://127.0.0.1:4010',
  /** Proxy mode's base on this origin, or undefined for direct mode. */
  proxy: meta('api-mode') === 'proxy' ? '/api' : undefined,
  /**
   * Direct mode's API key, from the page the server wrote; in proxy mode the page holds none. Never a build-time
   * value: no script of the build carries a key (issue 14), only `vite dev` falls back to the development key.
   */
  apiKey: meta('api-key') ?? (import.meta.env.DEV ? 'development-api-key' : undefined),
  clientId: 'app.login',
} as const;
