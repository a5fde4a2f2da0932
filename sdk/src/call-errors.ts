import type { CallPlan } from './call-plan.js';
import { ApiConfigError } from './config.js';
import {
  ApiCancelError,
  ApiConnectionError,
  ApiError,
  ApiTimeoutError,
  httpErrorOf,
  type Problem,
  parseRetryAfter,
  quote,
} from './errors.js';
import { redact, scrub, withoutUrlPaths } from './redact.js';
import type { CallCancel } from './transport/call-cancel.js';
import { NoAnswer } from './transport/tries.js';

/** What names a call in a message or a log record, before or after it is planned. */
export type CallLabel = Pick<CallPlan, 'operationId' | 'method' | 'path' | 'requestId'>;

const label = (ctx: Omit<CallLabel, 'requestId'>) => ctx.operationId ?? `${ctx.method} ${ctx.path}`;
const triesText = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;

/** The typed error for an error status: body and message carry no secret the call held; the message stays short. */
export function httpError(ctx: CallPlan, response: Response, body: unknown): ApiError {
  const secrets = ctx.secrets();
  const cleanBody = body === '' || body === undefined ? undefined : redact(body as Problem | string, secrets);
  return httpErrorOf({
    status: response.status,
    requestId: ctx.requestId,
    operationId: ctx.operationId,
    body: cleanBody,
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
    contentType: response.headers.get('content-type') ?? undefined,
    headers: response.headers,
  });
}

/**
 * A success whose body is not what the description promises: a page of another type, JSON that does not parse, or
 * no body at all. Reported as what it is, with the real status and type, not as a lost connection.
 */
export function parseError(ctx: CallPlan, response: Response, tries: number, text?: string): ApiError {
  const { status } = response;
  const type = response.headers.get('content-type') ?? undefined;
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
    headers: response.headers,
    body: text ? redact(text, ctx.secrets()) : undefined,
    message: `${label(ctx)} answered ${status} with ${what} (after ${triesText(Math.max(1, tries))})`,
  });
}

/** An operation whose description promises a body answered without one: the facade must not resolve `undefined`. */
export function emptyBodyError(ctx: CallPlan, response: Response): ApiError {
  return new ApiError({
    status: response.status,
    kind: 'parse',
    requestId: ctx.requestId,
    operationId: ctx.operationId,
    contentType: response.headers.get('content-type') ?? undefined,
    headers: response.headers,
    message: `${label(ctx)} answered ${response.status} with no body, where its description promises one`,
  });
}

/** A call that failed before it was sent: the calling code's mistake, or what its own callback threw (the cause). */
export function unsentError(call: Omit<CallLabel, 'requestId'>, error: unknown, secrets: readonly string[]): Error {
  if (error instanceof ApiConfigError || error instanceof ApiError || error instanceof ApiCancelError) return error;
  return new ApiConfigError(`${label(call)} failed before it was sent: ${describe(error, secrets)}`, { cause: error });
}

/** Where in its pipeline a call failed: before anything was sent, in its tries, or while its answer was handled. */
export type Stage = 'before' | 'tries' | 'after';

/**
 * Turns whatever a call rejected with into one of the SDK's errors, once. Errors from beneath (ky, fetch) may quote
 * the URL, which holds the access token and the path's values (an e-mail): they are kept as `cause` only as copies
 * with every secret of the call and every URL's path and query scrubbed. Whatever the app's own code threw (a
 * callback, a middleware) or a malformed call comes back as `ApiConfigError` with it as `cause`; a cancel as
 * `ApiCancelError`.
 */
export function typedError(ctx: CallPlan, error: unknown, stage: Stage, cancelled: CallCancel | undefined): Error {
  if (error instanceof ApiError || error instanceof ApiConfigError || error instanceof ApiCancelError) return error;
  if (cancelled?.aborted) {
    return new ApiCancelError({ requestId: ctx.requestId, operationId: ctx.operationId, cause: cancelled.reason });
  }
  const secrets = ctx.secrets();
  if (stage === 'before') return unsentError(ctx, error, secrets);
  if (!(error instanceof NoAnswer) || stage !== 'tries') {
    return new ApiConfigError(`${label(ctx)} failed while its answer was handled: ${describe(error, secrets)}`, {
      cause: error,
    });
  }
  const tries = Math.max(1, error.tries);
  const cause = scrubbed(error.error, secrets);
  if (error.error instanceof Error && error.error.name === 'TimeoutError') {
    return new ApiTimeoutError({
      requestId: ctx.requestId,
      operationId: ctx.operationId,
      cause,
      message: `${label(ctx)} timed out: ${triesText(tries)} of ${ctx.timeoutMs} ms`,
    });
  }
  return new ApiConnectionError({
    requestId: ctx.requestId,
    operationId: ctx.operationId,
    cause,
    message: `${label(ctx)} got no response after ${triesText(tries)} (${reasonOf(error.error, secrets)})`,
  });
}

/** A runtime's text without the call's secrets and without any URL's path or query. */
const clean = (text: string, secrets: readonly string[]) => scrub(withoutUrlPaths(text), secrets);

/** Up to four errors down a `cause` chain. */
function chainOf(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current = error; chain.length < 4 && current instanceof Error; current = current.cause) chain.push(current);
  return chain;
}

const codeOf = (error: Error): string | undefined => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : undefined;
};

/** `Name: message`, quoted short, with the call's secrets scrubbed. */
function describe(error: unknown, secrets: readonly string[]): string {
  if (!(error instanceof Error)) return quote(clean(String(error), secrets));
  return quote(clean(`${error.name}: ${error.message}`, secrets));
}

/**
 * Why no answer came, in a few words: the system's error code where there is one (Node's `ECONNREFUSED`), else the
 * innermost error's name and message (Deno's `NotCapable: Requires net access to …`, Bun's `ConnectionRefused`).
 */
function reasonOf(error: unknown, secrets: readonly string[]): string {
  const chain = chainOf(error);
  for (const link of chain) {
    const code = codeOf(link);
    if (code) return code;
  }
  return describe(chain.at(-1) ?? error, secrets);
}

/** A copy of an error chain from beneath, name, code and message kept, every secret of the call scrubbed. */
function scrubbed(error: unknown, secrets: readonly string[]): unknown {
  const chain = chainOf(error);
  if (chain.length === 0) return error === undefined ? undefined : clean(String(error), secrets);
  let copy: Error | undefined;
  for (const link of chain.reverse()) {
    const next: Error = new Error(clean(link.message, secrets), copy ? { cause: copy } : undefined);
    next.name = link.name;
    const code = codeOf(link);
    if (code) Object.assign(next, { code });
    copy = next;
  }
  return copy;
}

/**
 * The log record of a failed call: names, numbers and the server's problem text (quoted short), never a URL,
 * header, payload or a whole error page.
 */
export function logRecord(ctx: CallLabel, error: Error): Record<string, unknown> {
  const record: Record<string, unknown> = {
    operationId: ctx.operationId,
    method: ctx.method,
    path: ctx.path,
    requestId: ctx.requestId,
    error: error.name,
  };
  if (error.cause instanceof Error) record.cause = error.cause.name;
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
