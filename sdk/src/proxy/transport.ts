import { guardedSource, timeoutError } from './body-source.js';
import type { Answer, DirectCall } from './core.js';

/** A declared Content-Length as a number, when it is one. */
function declaredLength(value: string | null): number | undefined {
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/**
 * Makes the direct call with a fetch function: redirects handed back as they are, the answer's head within
 * `timeoutMs`, then its body as a source that waits at most `timeoutMs` for each chunk. fetch decodes a compressed
 * body itself; one sent as it is must match its declared length.
 */
export async function fetchAnswer(
  send: typeof globalThis.fetch,
  direct: DirectCall,
  timeoutMs: number,
): Promise<Answer> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(timeoutError(timeoutMs)), timeoutMs);
  let response: Response;
  try {
    response = await send(direct.url, {
      method: direct.method,
      headers: direct.headers,
      ...(direct.body === undefined ? {} : { body: direct.body }),
      redirect: 'manual',
      signal: abort.signal,
    });
  } finally {
    clearTimeout(timer);
  }
  const head = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (response.status === 204 || response.status === 304 || response.body === null) {
    await response.body?.cancel();
    return { ...head, body: null };
  }
  const coding = response.headers.get('content-encoding')?.trim().toLowerCase();
  const length =
    coding === undefined || coding === '' || coding === 'identity'
      ? declaredLength(response.headers.get('content-length'))
      : undefined;
  const reader = response.body.getReader();
  const next = async () => {
    const { done, value } = await reader.read();
    return done ? null : value;
  };
  const stop = () => {
    reader.cancel().catch(() => undefined);
    abort.abort();
  };
  return { ...head, length, body: guardedSource(next, stop, timeoutMs, length) };
}
