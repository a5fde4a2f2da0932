import type { CallContext } from './call-context.js';
import { ApiConfigError } from './config.js';
import { ApiCancelError, ApiError, type Problem, parseRetryAfter, quote } from './errors.js';
import { redact } from './redact.js';

const label = (ctx: CallContext) => ctx.operationId ?? `${ctx.method} ${ctx.path}`;
const triesText = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;

/** The typed error for an error status: body and message carry no secret the call held; the message stays short. */
export function httpError(ctx: CallContext, response: Response, body: unknown): ApiError {
  const secrets = ctx.secrets();
  const cleanBody = body === '' || body === undefined ? undefined : redact(body as Problem | string, secrets);
  return new ApiError({
    status: response.status,
    requestId: ctx.requestId,
    operationId: ctx.operationId,
    body: cleanBody,
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
    contentType: response.headers.get('content-type') ?? undefined,
  });
}

/**
 * A success whose body is not what the description promises: a page of another type, JSON that does not parse, or
 * no body at all. Reported as what it is, with the real status and type, not as a lost connection.
 */
export function parseError(ctx: CallContext, response: Response | undefined, text?: string): ApiError {
  const status = response?.status ?? 0;
  const type = response?.headers.get('content-type') ?? undefined;
  const what =
    text === undefined
      ? type
        ? `a ${type} body that is not valid JSON`
        : 'a body that is not valid JSON'
      : text === ''
        ? 'no body'
        : `${type ?? 'an untyped'} body where JSON was due`;
  return new ApiError({
    status,
    kind: 'parse',
    requestId: ctx.requestId,
    operationId: ctx.operationId,
    contentType: type,
    body: text ? redact(text, ctx.secrets()) : undefined,
    message: `${label(ctx)} answered ${status} with ${what} (after ${triesText(Math.max(1, ctx.tries))})`,
  });
}

/** An operation whose description promises a body answered without one: the facade must not resolve `undefined`. */
export function emptyBodyError(ctx: CallContext, response: Response): ApiError {
  return new ApiError({
    status: response.status,
    kind: 'parse',
    requestId: ctx.requestId,
    operationId: ctx.operationId,
    contentType: response.headers.get('content-type') ?? undefined,
    message: `${label(ctx)} answered ${response.status} with no body, where its description promises one`,
  });
}

/**
 * Turns whatever a call rejected with into one of the SDK's errors. Errors from beneath (ky, fetch) may quote the
 * URL, which holds the access token: none of their text is kept, only a network error code when there is one.
 */
export function typedError(ctx: CallContext, error: unknown): Error {
  if (error instanceof ApiError || error instanceof ApiConfigError) return error;
  if (ctx.cancel.aborted) {
    return new ApiCancelError({ requestId: ctx.requestId, operationId: ctx.operationId });
  }
  // openapi-fetch parses the body after the middleware: an answer typed JSON whose text is not.
  if (error instanceof SyntaxError && ctx.response) return parseError(ctx, ctx.response);
  const tries = Math.max(1, ctx.tries);
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new ApiError({
      status: 0,
      kind: 'timeout',
      requestId: ctx.requestId,
      operationId: ctx.operationId,
      message: `${label(ctx)} timed out: ${triesText(tries)} of ${ctx.timeoutMs} ms`,
    });
  }
  const code = codeOf(error);
  return new ApiError({
    status: 0,
    kind: 'network',
    requestId: ctx.requestId,
    operationId: ctx.operationId,
    message: `${label(ctx)} got no response after ${triesText(tries)}${code ? ` (${code})` : ''}`,
  });
}

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * The log record of a failed call: names, numbers and the server's problem text (quoted short), never a URL,
 * header, payload or a whole error page.
 */
export function logRecord(ctx: CallContext, error: Error): Record<string, unknown> {
  const record: Record<string, unknown> = {
    operationId: ctx.operationId,
    method: ctx.method,
    path: ctx.path,
    requestId: ctx.requestId,
    error: error.name,
  };
  if (error instanceof ApiError) {
    record.status = error.status;
    record.kind = error.kind;
    if (error.contentType) record.contentType = error.contentType;
    if (typeof error.body === 'object') {
      if (error.body.title !== undefined) record.title = quote(String(error.body.title));
      if (error.body.detail !== undefined) record.detail = quote(String(error.body.detail));
    }
    if (error.retryAfter !== undefined) record.retryAfter = error.retryAfter;
  }
  return record;
}
