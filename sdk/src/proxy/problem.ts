/** A problem-details body (RFC 9457), the error shape the whole API uses. */
export function problemBody(
  status: number,
  title: string,
  detail: string,
  requestId = '',
  type = 'about:blank',
): string {
  return JSON.stringify({ type, title, status, detail, ...(requestId ? { requestId } : {}) });
}

/** Thrown while reading a proxy call; the handler answers with it. */
export class ProxyProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    /** The Problem `type`: `about:blank` unless the problem has its own (an operation the proxy does not serve). */
    readonly type = 'about:blank',
  ) {
    super(detail);
  }
}
