import type { Middleware } from 'openapi-fetch';
import { type CallContext, markAs, markedBody } from '../call-context.js';
import { CLIENT_ID_HEADER } from '../call-headers.js';
import { ApiConfigError } from '../config.js';

const nonEmpty = (value: Record<string, unknown> | undefined) =>
  value && Object.values(value).some((item) => item !== undefined) ? value : undefined;

/**
 * Proxy mode (§7, Slack's `POST /api/group.method`): the call becomes `POST {proxy}/{operationId}` with a JSON body
 * `{ params, payload, query, clientId }`, or for an upload `POST {proxy}/upload/{operationId}` as multipart with
 * `params`/`query` as JSON text and `clientId` first, then `file` and the payload fields. The access token and guest pass the
 * credentials middleware put in the query travel in the envelope's `query`, never in the proxy URL (which servers
 * and browsers log); the client id leaves its header for the envelope's `clientId`. No API key is sent.
 * Registered per call, after every other middleware, so an app's own middleware sees the REST-shaped request.
 */
export function proxyMode(ctx: CallContext, base: string): Middleware {
  return {
    async onRequest({ request, params }) {
      if (!ctx.operationId) {
        throw new ApiConfigError(`${ctx.method} ${ctx.path} is not in the client's operation table: no proxy route.`);
      }
      const rest = new URL(request.url).searchParams;
      const query: Record<string, unknown> = { ...params.query };
      for (const name of ['accessToken', 'guestPass']) {
        const value = rest.get(name);
        if (value !== null) query[name] = value;
      }
      const clientId = request.headers.get(CLIENT_ID_HEADER) ?? undefined;
      const headers = new Headers(request.headers);
      headers.delete(CLIENT_ID_HEADER);
      headers.delete('content-type');
      headers.delete('content-length');
      let body: RequestInit['body'];
      if (ctx.form) {
        // The envelope first: the proxy checks it before it parses the file.
        const form = new FormData();
        form.append('params', JSON.stringify(params.path ?? {}));
        form.append('query', JSON.stringify(query));
        if (clientId) form.append('clientId', clientId);
        for (const [name, value] of ctx.form) form.append(name, value);
        body = form;
      } else {
        const text = markedBody(request, ctx) ?? (request.body === null ? '' : await request.text());
        const envelope = {
          params: nonEmpty(params.path),
          query: nonEmpty(query),
          payload: text ? (JSON.parse(text) as unknown) : undefined,
          clientId,
        };
        headers.set('content-type', 'application/json');
        body = JSON.stringify(envelope);
        ctx.sentBody = body;
      }
      const rewritten = new Request(`${base}/${ctx.form ? 'upload/' : ''}${ctx.operationId}`, {
        method: 'POST',
        headers,
        body,
      });
      return ctx.form ? rewritten : markAs(rewritten, ctx);
    },
  };
}
