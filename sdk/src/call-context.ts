import type { OperationSpec } from './operation-table.js';
import type { CallCancel } from './transport/call-cancel.js';

/** What one call knows about itself from start to settle; shared by the client, its middleware and its errors. */
export interface CallContext {
  method: string;
  /** The path template, e.g. `/users/{email}/has2fa`. */
  path: string;
  operationId: string | undefined;
  operation: OperationSpec | undefined;
  /** How the answer's body is read: the caller's `parseAs`, else the table's (undefined: JSON, by default). */
  parseAs: string | undefined;
  /** Queued one at a time and sent with an `Idempotency-Key` (§9): the table's `write` flag. */
  write: boolean;
  /** `X-Request-Id`, and `Idempotency-Key` on writes: the same on every try. */
  requestId: string;
  /** The access token, when the operation takes one and one is held. */
  token: string | undefined;
  /** The guest pass, when the operation takes one and one is held. */
  guestPass: string | undefined;
  /** Cancelled by `cancelAll()` or the caller's `signal`. */
  cancel: CallCancel;
  /** Milliseconds each try may take: the call's `timeout`, else the client's. */
  timeoutMs: number;
  /** Tries the call may take, the first included: the call's `retries` plus one, else the client's `retry.tries`. */
  maxTries: number;
  /** Set for uploads: the multipart body (payload fields and `file`). */
  form: FormData | undefined;
  /** Tries sent so far (the transport counts them). */
  tries: number;
  /** Whether the last try was answered (the transport says): an error after that is the handling's, not the network's. */
  answered: boolean;
  /** The answer the errors middleware last saw: a body that cannot be read is reported with its status and type. */
  response: Response | undefined;
  /** The text openapi-fetch serialized as the body: what a Request bearing this call's mark carries. */
  sentBody: string | undefined;
  /** Values that must never reach a log or an error message. */
  secrets: () => string[];
}

/**
 * The property by which a Request says it is this call's and carries `ctx.sentBody` unchanged: openapi-fetch sets it
 * on the Request it builds (it copies unknown call options onto it), and the proxy rewrite on the one it builds. A
 * Request an app's middleware built has no mark, and its body is read.
 */
export const CALL_MARK = 'runofshowCall';

/** The body text a Request carries, when it is the call's own with the body openapi-fetch serialized. */
export function markedBody(request: Request, ctx: CallContext): string | undefined {
  return (request as Request & { [CALL_MARK]?: unknown })[CALL_MARK] === ctx ? ctx.sentBody : undefined;
}

/** Marks a Request as this call's, its body being `ctx.sentBody`. */
export function markAs<R extends Request>(request: R, ctx: CallContext): R {
  Object.defineProperty(request, CALL_MARK, { value: ctx });
  return request;
}
