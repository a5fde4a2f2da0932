/**
 * Runtime settings. The server that serves the app names the API endpoint in `<meta name="api-endpoint">`, so one
 * build runs against any mock or backend; the Vite env and the development default fill in when it does not.
 */
function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

export const config = {
  endpoint: meta('api-endpoint') ?? import.meta.env.VITE_API_ENDPOINT ?? 'http://127.0.0.1:4010',
  apiKey: import.meta.env.VITE_API_KEY ?? 'development-api-key',
  clientId: 'app.login',
} as const;
