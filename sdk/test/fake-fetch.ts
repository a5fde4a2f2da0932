import type { ApiLogger } from '../src/index.js';

/** A `fetch` that records every request and answers from a script: no network, no module mocks. */
export function fakeFetch(
  answer: (request: Request, attempt: number) => Response | Promise<Response> = () => Response.json({}),
) {
  const requests: Request[] = [];
  const times: number[] = [];
  // A real fetch holds its Request until it settles. Node's Request follows the caller's signal only through a weak
  // reference, so a Request nothing holds is collected, and an abort then never reaches `hang`: under load a GC ran
  // and a 30 ms timeout hung the test for 5 s.
  const inFlight = new Set<Request>();
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    requests.push(request.clone());
    times.push(performance.now());
    inFlight.add(request);
    try {
      return await answer(request, requests.length);
    } finally {
      inFlight.delete(request);
    }
  };
  return { fetch: fetch as typeof globalThis.fetch, requests, times };
}

/** Answers only when aborted, like a server that never replies. */
export function hang(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    const fail = () => reject(request.signal.reason ?? new DOMException('This operation was aborted', 'AbortError'));
    if (request.signal.aborted) fail();
    request.signal.addEventListener('abort', fail, { once: true });
  });
}

/** A problem-details answer with the given status and headers. */
export function problemResponse(status: number, headers: Record<string, string> = {}, detail?: string): Response {
  const body = { type: 'about:blank', title: `Status ${status}`, status, ...(detail ? { detail } : {}) };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
}

/** A logger that keeps what it is given. */
export function captureLogger() {
  const entries: { message: string; details: Record<string, unknown> }[] = [];
  const logger: ApiLogger = { error: (message, details) => entries.push({ message, details }) };
  return { logger, entries };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
