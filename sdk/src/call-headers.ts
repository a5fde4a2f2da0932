import type { CallContext } from './call-context.js';
import { isWrite } from './operation-table.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

type HeaderValue = string | number | boolean | null | undefined;
export type HeadersLike = ConstructorParameters<typeof Headers>[0] | Record<string, HeaderValue>;

function entriesOf(headers: HeadersLike): Iterable<[string, HeaderValue]> {
  if (!headers) return [];
  if (headers instanceof Headers) return headers.entries();
  if (Array.isArray(headers)) return headers as [string, string][];
  return Object.entries(headers);
}

/** Reads one header from whatever a caller passed as `headers` (a `Headers`, pairs or a plain object). */
export function headerOf(headers: HeadersLike, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of entriesOf(headers)) {
    if (key.toLowerCase() === wanted && value !== null && value !== undefined) return String(value);
  }
  return undefined;
}

/**
 * The per-call headers (§7): the request id, and on a write the `Idempotency-Key` equal to it, so a retried write
 * cannot apply twice (Stripe's rule). Caller headers follow and win (openapi-fetch merges them after these; `null`
 * removes one), which lets an app re-send a write under the id of its first attempt.
 */
export function callHeaders(ctx: CallContext, given: HeadersLike): Record<string, HeaderValue> {
  const headers: Record<string, HeaderValue> = { [REQUEST_ID_HEADER]: ctx.requestId };
  if (isWrite(ctx.method)) headers[IDEMPOTENCY_KEY_HEADER] = ctx.requestId;
  for (const [key, value] of entriesOf(given)) {
    const known = key.toLowerCase();
    // One spelling per header: the caller's replaces ours whatever its case.
    if (known === 'x-request-id') delete headers[REQUEST_ID_HEADER];
    if (known === 'idempotency-key') delete headers[IDEMPOTENCY_KEY_HEADER];
    headers[key] = value;
  }
  return headers;
}
