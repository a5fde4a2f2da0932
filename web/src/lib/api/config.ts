/**
 * Runtime settings. The server that serves the app names them in `<meta>` tags, so one build runs against any
 * backend (the production host, web/server, writes them from its environment; `npm run dev` writes them too):
 * `api-endpoint` (the API in direct mode), `api-key` (direct mode only) and `api-mode` (`proxy` sends every call
 * through the same origin's `/api/`, where the server adds the API key). The build holds no address and no key: a
 * page served without its settings calls nothing but its own origin.
 */
function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

const proxy = meta('api-mode') === 'proxy' ? '/api' : undefined;

export const config = {
  /** The API in direct mode; in proxy mode the page's own origin, which the proxy base is resolved against. */
  endpoint: meta('api-endpoint') ?? location.origin,
  /** Proxy mode's base on this origin, or undefined for direct mode. */
  proxy,
  /**
   * Direct mode's API key, from the page the server wrote; in proxy mode the page holds none. Never a build-time
   * value: no script of the build carries a key (issue 14).
   */
  apiKey: meta('api-key'),
  clientId: 'app.login',
} as const;
