import type { components } from './generated/schema.js';

export type Problem = components['schemas']['Problem'];

/** A call that reached the API and got an error status back. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly requestId: string | undefined;
  readonly operationId: string | undefined;
  /** The problem-details body when the API sent one, else the raw text. */
  readonly body: Problem | string | undefined;
  /** Seconds from the `Retry-After` header, when present. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    requestId?: string | undefined;
    operationId?: string | undefined;
    body?: Problem | string | undefined;
    retryAfter?: number | undefined;
  }) {
    const detail = typeof init.body === 'object' ? (init.body.detail ?? init.body.title) : init.body;
    super(`${init.operationId ?? 'API call'} failed with ${init.status}${detail ? `: ${detail}` : ''}`);
    this.status = init.status;
    this.requestId = init.requestId;
    this.operationId = init.operationId;
    this.body = init.body;
    this.retryAfter = init.retryAfter;
  }
}

/** Parses a `Retry-After` header (seconds or an HTTP date) into whole seconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
