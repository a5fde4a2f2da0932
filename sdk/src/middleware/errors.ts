import type { Middleware } from 'openapi-fetch';
import type { CallContext } from '../call-context.js';
import { httpError, parseError } from '../call-errors.js';

const JSON_TYPE = /[/+]json\b/i;

/**
 * Errors (§8): an error status rejects with a typed `ApiError` (its class by status; request id, operationId, the
 * answer's headers, the problem body with every secret of the call scrubbed); a success whose body is not the JSON
 * the operation promises (an HTML page from a misrouted proxy or a captive portal) rejects as a parse failure with
 * its real status and content type. It runs once per call, on the answer of the last try (retries happen beneath
 * it), and first in the list, so it judges the answer after the app's middleware has seen it.
 */
export function errors(ctx: CallContext): Middleware {
  return {
    async onResponse({ response }) {
      ctx.response = response;
      if (!response.ok) {
        // An app's middleware that read the body without cloning leaves nothing to quote.
        const text = response.bodyUsed ? '' : await response.text();
        let body: unknown = text;
        if (JSON_TYPE.test(response.headers.get('content-type') ?? '')) {
          try {
            body = JSON.parse(text);
          } catch {}
        }
        throw httpError(ctx, response, body);
      }
      const type = response.headers.get('content-type');
      if (response.status !== 204 && (ctx.parseAs ?? 'json') === 'json' && type && !JSON_TYPE.test(type)) {
        throw parseError(ctx, response, await response.text());
      }
      return undefined;
    },
  };
}
