/** A problem-details answer (RFC 9457), the error shape the whole API uses. */
export function problem(status: number, title: string, detail: string, extra: Record<string, string> = {}): Response {
  const { requestId, ...headers } = extra;
  const body = {
    type: 'about:blank',
    title,
    status,
    detail,
    ...(requestId ? { requestId } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...headers },
  });
}

/** Thrown while reading a proxy call; the handler answers with it. */
export class ProxyProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}
