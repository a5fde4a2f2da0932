import type { Answer, DirectCall } from './core.js';

/** Makes the direct call with a fetch function: redirects handed back as they are, the whole call within `timeoutMs`. */
export async function fetchAnswer(
  send: typeof globalThis.fetch,
  direct: DirectCall,
  timeoutMs: number,
): Promise<Answer> {
  const response = await send(direct.url, {
    method: direct.method,
    headers: direct.headers,
    ...(direct.body === undefined ? {} : { body: direct.body }),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  const empty = response.status === 204 || response.status === 304;
  const body = empty ? null : new Uint8Array(await response.arrayBuffer());
  return { status: response.status, statusText: response.statusText, headers: response.headers, body };
}
