import type { OperationSpec } from './operation-table.js';

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
  controller: AbortController;
  timeoutMs: number;
  /** Set for uploads: the multipart body (payload fields and `file`). */
  form: FormData | undefined;
  /** Tries sent so far (the transport counts them). */
  tries: number;
  /** The answer the errors middleware last saw: a body that cannot be read is reported with its status and type. */
  response: Response | undefined;
  /** Values that must never reach a log or an error message. */
  secrets: () => string[];
}
