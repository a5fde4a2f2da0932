/** A problem-details body (RFC 9457), the error shape the whole API uses. */
export function problemBody(status: number, title: string, detail: string, requestId = ''): string {
  return JSON.stringify({ type: 'about:blank', title, status, detail, ...(requestId ? { requestId } : {}) });
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
