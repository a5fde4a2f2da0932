/**
 * Copies a request to a new URL (and optionally a new body). The body is buffered, not streamed: Chromium sends a
 * streamed request body only over HTTP/2 and fails it on HTTP/1.1 with ERR_ALPN_NEGOTIATION_FAILED.
 */
export async function rewriteRequest(request: Request, url: URL | string, body?: BodyInit | null): Promise<Request> {
  const init: RequestInit = {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    credentials: request.credentials,
    redirect: request.redirect,
    referrerPolicy: request.referrerPolicy,
  };
  if (body !== undefined) init.body = body;
  else if (request.body !== null) init.body = await request.blob();
  return new Request(url, init);
}
