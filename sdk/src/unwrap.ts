import { ApiError } from './errors.js';

/**
 * Awaits an openapi-fetch call and returns its data. The client rejects every error status with `ApiError`, and a
 * missing body where the description promises one too, so a settled call holds data; this narrows the type to say
 * so. A call that still comes back without data (a route outside the table) rejects typed, and never quotes the URL:
 * it may hold the access token.
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, response } = await call;
  if (data === undefined && response.status !== 204) {
    throw new ApiError({
      status: response.status,
      kind: 'parse',
      requestId: response.headers.get('x-request-id') ?? undefined,
      contentType: response.headers.get('content-type') ?? undefined,
      message: `Expected a response body, got none (${response.status}).`,
    });
  }
  return data as T;
}
