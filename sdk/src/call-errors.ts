import { isTimeoutError } from 'ky';
import type { CallContext } from './call-context.js';
import { ApiConfigError } from './config.js';
import { ApiCancelError, ApiError, type Problem, parseRetryAfter } from './errors.js';
import { redact } from './redact.js';

const label = (ctx: CallContext) => ctx.operationId ?? `${ctx.method} ${ctx.path}`;

/** The typed error for an error status: body and message carry no secret the call held. */
export function httpError(ctx: CallContext, response: Response, body: unknown): ApiError {
  const secrets = ctx.secrets();
  const cleanBody = body === '' || body === undefined ? undefined : redact(body as Problem | string, secrets);
  return new ApiError({
    status: response.status,
    requestId: ctx.requestId,
    operationId: ctx.operationId,
    body: cleanBody,
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
  });
}

/**
 * Turns whatever a call rejected with into one of the SDK's errors. Errors from beneath (ky, fetch) may quote the
 * URL, which holds the access token: none of their text is kept, only a network error code when there is one.
 */
export function typedError(ctx: CallContext, error: unknown, tries: number): Error {
  if (error instanceof ApiError || error instanceof ApiConfigError) return error;
  if (ctx.controller.signal.aborted) {
    return new ApiCancelError({ requestId: ctx.requestId, operationId: ctx.operationId });
  }
  if (isTimeoutError(error)) {
    return new ApiError({
      status: 0,
      kind: 'timeout',
      requestId: ctx.requestId,
      operationId: ctx.operationId,
      message: `${label(ctx)} timed out: ${tries} tries of ${ctx.timeoutMs} ms`,
    });
  }
  const code = codeOf(error);
  return new ApiError({
    status: 0,
    kind: 'network',
    requestId: ctx.requestId,
    operationId: ctx.operationId,
    message: `${label(ctx)} got no response after ${tries} tries${code ? ` (${code})` : ''}`,
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

/** The log record of a failed call: names, numbers and the server's problem text, never a URL, header or payload. */
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
    if (typeof error.body === 'object') {
      record.title = error.body.title;
      record.detail = error.body.detail;
    }
    if (error.retryAfter !== undefined) record.retryAfter = error.retryAfter;
  }
  return record;
}
