import type { components } from './generated/schema.js';

export type Problem = components['schemas']['Problem'];

/**
 * How a call failed, one kind per error class so an app can branch on either: the API answered 404 (`not-found`,
 * `NotFoundError`), 401 or 403 (`auth`, `AuthError`), 429 (`rate-limit`, `RateLimitError`) or another error status
 * (`http`, `ApiError`); nothing answered (`connection`, `ApiConnectionError`, status 0); every try ran out of time
 * (`timeout`, `ApiTimeoutError`, status 0); or an answer came whose body is not what the description promises
 * (`parse`: an HTML page where JSON was due, or no body at all; the status is the real one, often 200). A cancelled
 * call is `ApiCancelError` (`abort`), which is not an `ApiError`: it is the app's own doing and nothing to show.
 */
export type ApiErrorKind =
  | 'http'
  | 'not-found'
  | 'auth'
  | 'rate-limit'
  | 'connection'
  | 'timeout'
  | 'parse'
  | 'unknown-operation'
  | 'contract';

/** The Problem `type` a proxy gives a call to an operation it does not serve (unknown, or outside its allow-list). */
export const UNKNOWN_OPERATION_TYPE = 'https://errors.runofshow.dev/unknown-operation';

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

/** What every `ApiError` is made from. */
export interface ApiErrorInit {
  status: number;
  kind?: ApiErrorKind;
  requestId?: string | undefined;
  operationId?: string | undefined;
  body?: Problem | string | undefined;
  retryAfter?: number | undefined;
  contentType?: string | undefined;
  /** The answer's headers, when one came. */
  headers?: Headers | undefined;
  /** What went wrong beneath (a connection failure), with every secret of the call scrubbed from its messages. */
  cause?: unknown;
  /** Replaces the message built from status and body (used for status 0 and parse failures). */
  message?: string;
}

/**
 * A call that failed after its tries: an error status from the API, no response at all (status 0), or a body that is
 * not what the description promises. The subclasses say which; each class and `kind` survive minification (the
 * names are written out, never read from `constructor.name`).
 */
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
  /** The answer's headers (`RateLimit-*`, `X-Request-Id`, …), when one came. */
  readonly headers: Headers | undefined;

  constructor(init: ApiErrorInit) {
    const detail = typeof init.body === 'object' ? (init.body.detail ?? init.body.title) : init.body;
    const said = detail ? `: ${quote(String(detail))}` : '';
    super(
      init.message ?? `${init.operationId ?? 'API call'} failed with ${init.status}${said}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.status = init.status;
    this.kind = init.kind ?? (init.status === 0 ? 'connection' : 'http');
    this.requestId = init.requestId;
    this.operationId = init.operationId;
    this.body = init.body;
    this.retryAfter = init.retryAfter;
    this.contentType = init.contentType;
    this.headers = init.headers;
  }
}

/** The API answered 404: what was asked for is not there. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
  declare readonly kind: 'not-found';
  constructor(init: Omit<ApiErrorInit, 'kind'>) {
    super({ ...init, kind: 'not-found' });
  }
}

/** The API answered 401 (no valid access token, API key or guest pass) or 403 (not allowed); `status` says which. */
export class AuthError extends ApiError {
  override name = 'AuthError';
  declare readonly kind: 'auth';
  constructor(init: Omit<ApiErrorInit, 'kind'>) {
    super({ ...init, kind: 'auth' });
  }
}

/** The API answered 429, after the retries §8 allows: `retryAfter` says how long to wait (the sign-in lockout). */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  declare readonly kind: 'rate-limit';
  constructor(init: Omit<ApiErrorInit, 'kind'>) {
    super({ ...init, kind: 'rate-limit' });
  }
}

/** The API answered 400: the call is malformed (a defect in the calling code, or input the app did not check). */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
  declare readonly kind: 'http';
  constructor(init: Omit<ApiErrorInit, 'kind'>) {
    super({ ...init, kind: 'http' });
  }
}

/** The API answered 409: the call clashes with what is there (a taken e-mail, a stale version). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
  declare readonly kind: 'http';
  constructor(init: Omit<ApiErrorInit, 'kind'>) {
    super({ ...init, kind: 'http' });
  }
}

/** The API answered 422: the payload is well-formed but breaks a rule of the description (a field, an id). */
export class UnprocessableEntityError extends ApiError {
  override name = 'UnprocessableEntityError';
  declare readonly kind: 'http';
  constructor(init: Omit<ApiErrorInit, 'kind'>) {
    super({ ...init, kind: 'http' });
  }
}

/** The API answered 500 or above: its fault, not the call's (502, 503 and 504 after their retries). */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
  declare readonly kind: 'http';
  constructor(init: Omit<ApiErrorInit, 'kind'>) {
    super({ ...init, kind: 'http' });
  }
}

/**
 * A proxy answered that it serves no operation of that name (404 with `UNKNOWN_OPERATION_TYPE`): the operation is
 * outside the host's allow-list, or the proxy runs another version of the SDK. Not a `NotFoundError`: nothing was
 * looked for.
 */
export class UnknownOperationError extends ApiError {
  override name = 'UnknownOperationError';
  declare readonly kind: 'unknown-operation';
  constructor(init: Omit<ApiErrorInit, 'kind'>) {
    super({ ...init, kind: 'unknown-operation' });
  }
}

/** No answer came after the last try; `cause` holds what the runtime said (e.g. Deno's `NotCapable`). */
export class ApiConnectionError extends ApiError {
  override name = 'ApiConnectionError';
  declare readonly kind: 'connection';
  constructor(init: Omit<ApiErrorInit, 'kind' | 'status'>) {
    super({ ...init, status: 0, kind: 'connection' });
  }
}

/** Every try ran out of its time (`timeoutMs`, or the call's `timeout`). */
export class ApiTimeoutError extends ApiError {
  override name = 'ApiTimeoutError';
  declare readonly kind: 'timeout';
  constructor(init: Omit<ApiErrorInit, 'kind' | 'status'>) {
    super({ ...init, status: 0, kind: 'timeout' });
  }
}

/** The error class for an answer's error status, one per status family (Stainless's set). */
export function httpErrorOf(init: Omit<ApiErrorInit, 'kind'>): ApiError {
  const { status, body } = init;
  if (status === 404) {
    return typeof body === 'object' && body.type === UNKNOWN_OPERATION_TYPE
      ? new UnknownOperationError(init)
      : new NotFoundError(init);
  }
  if (status === 401 || status === 403) return new AuthError(init);
  if (status === 429) return new RateLimitError(init);
  if (status === 400) return new BadRequestError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 422) return new UnprocessableEntityError(init);
  if (status >= 500) return new InternalServerError(init);
  return new ApiError(init);
}

/** A call stopped by `cancelAll()` or by its own `signal`, in flight, between tries or while queued (§4). */
export class ApiCancelError extends Error {
  override name = 'ApiCancelError';
  readonly kind = 'abort' as const;
  readonly requestId: string | undefined;
  readonly operationId: string | undefined;

  constructor(init: { requestId?: string | undefined; operationId?: string | undefined; cause?: unknown }) {
    super(
      `${init.operationId ?? 'API call'} was cancelled`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.requestId = init.requestId;
    this.operationId = init.operationId;
  }
}

/**
 * A failed upload (§8): the error, the route it went to and the fields sent beside the file (secrets redacted). It
 * is an `ApiError` with the failure's own `status`, `kind`, `body` and request id, so one `switch (error.kind)` or
 * `instanceof ApiError` covers uploads too; `error` is the failure's own class (`NotFoundError`, …).
 */
export class UploadError extends ApiError {
  override name = 'UploadError';
  readonly error: ApiError;
  readonly path: string;
  readonly fields: Record<string, unknown>;

  constructor(init: { error: ApiError; path: string; fields: Record<string, unknown> }) {
    const { error } = init;
    super({
      status: error.status,
      kind: error.kind,
      requestId: error.requestId,
      operationId: error.operationId,
      body: error.body,
      retryAfter: error.retryAfter,
      contentType: error.contentType,
      headers: error.headers,
      cause: error,
      message: `Upload to ${init.path} failed: ${error.message}`,
    });
    this.error = error;
    this.path = init.path;
    this.fields = init.fields;
  }
}

/** Parses a `Retry-After` header (seconds or an HTTP date) into whole seconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
