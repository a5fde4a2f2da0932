import type { components } from './generated/schema.js';

export type Problem = components['schemas']['Problem'];

/**
 * How a call failed: the API answered with an error status (`http`), nothing answered (`network`, status 0), every
 * try ran out of time (`timeout`, status 0), or an answer came whose body is not what the description promises
 * (`parse`: an HTML page where JSON was due, or no body at all; the status is the real one, often 200).
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'parse';

/** The longest server text a message quotes; the whole of it stays on `error.body`. */
const QUOTED = 160;

/** A short, single-line quote of a server's text for a message or a log line (a 21 KB page must not become one). */
export function quote(text: string): string {
  const plain = text
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > QUOTED ? `${plain.slice(0, QUOTED - 1)}…` : plain;
}

/** A call that failed after its tries: an error status from the API, or no response at all (status 0). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly requestId: string | undefined;
  readonly operationId: string | undefined;
  /** The problem-details body when the API sent one, else the raw text, whole (the message quotes only its start). */
  readonly body: Problem | string | undefined;
  /** Seconds from the `Retry-After` header, when present. */
  readonly retryAfter: number | undefined;
  /** The answer's `Content-Type`, when one came. */
  readonly contentType: string | undefined;

  constructor(init: {
    status: number;
    kind?: ApiErrorKind;
    requestId?: string | undefined;
    operationId?: string | undefined;
    body?: Problem | string | undefined;
    retryAfter?: number | undefined;
    contentType?: string | undefined;
    /** Replaces the message built from status and body (used for status 0 and parse failures). */
    message?: string;
  }) {
    const detail = typeof init.body === 'object' ? (init.body.detail ?? init.body.title) : init.body;
    const said = detail ? `: ${quote(String(detail))}` : '';
    super(init.message ?? `${init.operationId ?? 'API call'} failed with ${init.status}${said}`);
    this.status = init.status;
    this.kind = init.kind ?? (init.status === 0 ? 'network' : 'http');
    this.requestId = init.requestId;
    this.operationId = init.operationId;
    this.body = init.body;
    this.retryAfter = init.retryAfter;
    this.contentType = init.contentType;
  }
}

/** A call stopped by `cancelAll()` or by its own `signal`, in flight, between tries or while queued (§4). */
export class ApiCancelError extends Error {
  override name = 'ApiCancelError';
  readonly requestId: string | undefined;
  readonly operationId: string | undefined;

  constructor(init: { requestId?: string | undefined; operationId?: string | undefined }) {
    super(`${init.operationId ?? 'API call'} was cancelled`);
    this.requestId = init.requestId;
    this.operationId = init.operationId;
  }
}

/** A failed upload (§8): the error, the route it went to and the fields sent beside the file (secrets redacted). */
export class UploadError extends Error {
  override name = 'UploadError';
  readonly error: ApiError;
  readonly path: string;
  readonly fields: Record<string, unknown>;

  constructor(init: { error: ApiError; path: string; fields: Record<string, unknown> }) {
    super(`Upload to ${init.path} failed: ${init.error.message}`);
    this.error = init.error;
    this.path = init.path;
    this.fields = init.fields;
  }

  get status(): number {
    return this.error.status;
  }
}

/** Parses a `Retry-After` header (seconds or an HTTP date) into whole seconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
