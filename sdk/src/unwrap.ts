/**
 * Awaits an openapi-fetch call and returns its data. The client rejects every error status with `ApiError`, so a
 * settled call always holds data; this narrows the type to say so.
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, response } = await call;
  if (data === undefined && response.status !== 204) {
    throw new TypeError(`Expected a response body from ${response.url} (${response.status}).`);
  }
  return data as T;
}
