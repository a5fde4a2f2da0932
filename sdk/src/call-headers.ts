export const REQUEST_ID_HEADER = 'X-Request-Id';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const CLIENT_ID_HEADER = 'X-Client-Id';
export const API_KEY_HEADER = 'X-Api-Key';

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
