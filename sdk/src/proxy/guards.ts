import { ProxyProblem } from './problem.js';

/**
 * Reads a request body, counting bytes as they arrive (chunked bodies carry no Content-Length), and stops at
 * `maxBytes` with a 413: never more than the limit is held. A body that does not finish within `timeoutMs` is a 408.
 */
export async function readLimited(
  request: Request,
  maxBytes: number,
  timeoutMs: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProxyProblem(408, 'Request timeout', 'The body took too long.')), timeoutMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), late]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (error instanceof ProxyProblem) throw error;
    throw new ProxyProblem(400, 'Bad request', 'The body could not be read.');
  } finally {
    clearTimeout(timer);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The 413 of a body past `maxBytes`, declared or counted. */
export const tooLarge = (maxBytes: number) =>
  new ProxyProblem(413, 'Content too large', `Proxy calls carry at most ${maxBytes} bytes.`);

/** Deepest nesting a JSON body may have; the API's payloads are a few levels deep. */
const MAX_JSON_DEPTH = 64;

/** JSON.parse, refusing text nested deeper than MAX_JSON_DEPTH before any recursive code (ours or the API's) sees it. */
export function parseJson(text: string): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > MAX_JSON_DEPTH) {
        throw new ProxyProblem(400, 'Bad request', `The body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
      }
    } else if (c === '}' || c === ']') depth--;
  }
  try {
    return text.trim() ? (JSON.parse(text) as unknown) : {};
  } catch {
    throw new ProxyProblem(400, 'Bad request', 'The body is not valid JSON.');
  }
}

/**
 * CSRF (issue 14): a call is accepted only from the site's own origin. Browsers say where a request comes from in
 * `Sec-Fetch-Site` and `Origin`; every one that sends either must name this origin, and a call with neither is
 * refused too, so an old browser's form post cannot slip through.
 */
export function checkSameOrigin(site: string | null, origin: string | null, own: readonly string[]): void {
  const siteOk = site === null || site === 'same-origin';
  const originOk = origin === null || own.includes(origin);
  if (!siteOk || !originOk || (site === null && origin === null)) {
    throw new ProxyProblem(403, 'Forbidden', 'Proxy calls are accepted from this site only.');
  }
}

/**
 * Answer headers an upstream may set on a proxied answer, as it sent them; every other one (its CSP, cookies, CORS)
 * stays behind. Content-Type and Content-Disposition are judged and rewritten apart (`answer` in core.ts).
 */
export const PASSED_HEADER =
  /^(cache-control|etag|last-modified|retry-after|x-request-id|ratelimit(-.*)?|x-ratelimit-.*|x-mock-scenario)$/i;

/** Only JSON (problems included) and CSV bodies come back through the proxy: nothing the browser could render. */
export const isJsonEssence = (essence: string) => /^application\/(?:[\w.+-]+\+)?json$/.test(essence);
export const isPassedEssence = (essence: string) => essence === 'text/csv' || isJsonEssence(essence);
