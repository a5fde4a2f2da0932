import type { RunningStack } from '../../src/stack.js';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  prefer?: string;
  /** The client's address, as a proxy in front would say (the front believes it from loopback). */
  client?: string;
  idempotencyKey?: string;
  apiKey?: string;
}

/** Calls the mock's public address as the SDK would in direct mode, and reads the JSON answer. */
export async function callMock(
  stack: RunningStack,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  const url = new URL(`${stack.mock.url}${path}`);
  if (options.token) url.searchParams.set('accessToken', options.token);
  const response = await fetch(url, {
    method,
    headers: {
      'X-Api-Key': options.apiKey ?? 'sandbox-test',
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.prefer ? { prefer: options.prefer } : {}),
      ...(options.client ? { 'x-forwarded-for': options.client } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
}

/** The token at the end of a mailed link (`/app.login/verify/<token>`, `/app.login/reset/<token>?email=…`). */
export const tokenOf = (link: string) => decodeURIComponent(link.split('/').at(-1)?.split('?')[0] ?? '');

/** A code of `secret`'s that is not the current one (nor either neighbour, in practice). */
export const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

/** Counts of each status, sorted by status: `{ 401: 4, 429: 16 }`. */
export function statusCounts(replies: readonly { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of [...replies].sort((a, b) => a.status - b.status)) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
