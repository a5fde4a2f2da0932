import type { Middleware } from 'openapi-fetch';
import type { CallContext } from '../call-context.js';
import { IDEMPOTENCY_KEY_HEADER, REQUEST_ID_HEADER } from '../call-headers.js';

/**
 * The request id (§7), fresh per call and the same on each of its tries, and on a write (the operation table's
 * `write` flag) an `Idempotency-Key` equal to it, so a retried write cannot apply twice (Stripe's rule). Headers the
 * caller gave win, which lets an app re-send a write under the id of its first attempt.
 */
export function requestIds(ctx: CallContext): Middleware {
  return {
    onRequest({ request }) {
      const { headers } = request;
      if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, ctx.requestId);
      if (ctx.write && !headers.has(IDEMPOTENCY_KEY_HEADER)) {
        headers.set(IDEMPOTENCY_KEY_HEADER, headers.get(REQUEST_ID_HEADER) ?? ctx.requestId);
      }
      return undefined;
    },
  };
}
