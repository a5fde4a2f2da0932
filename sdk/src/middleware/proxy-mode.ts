import type { Middleware } from 'openapi-fetch';
import type { CallContext } from '../call-context.js';
import { ApiConfigError } from '../config.js';

const nonEmpty = (value: Record<string, unknown> | undefined) =>
  value && Object.values(value).some((item) => item !== undefined) ? value : undefined;

/**
 * Proxy mode (§7, Slack's `POST /api/group.method`): the call becomes `POST {proxy}/{operationId}` with a JSON body
 * `{ params, payload, query }`, or for an upload `POST {proxy}/upload/{operationId}` as multipart with `file`, the
 * payload fields, and `params`/`query` as JSON text. The access token and guest pass stay query parameters; no API
 * key is sent.
 * Registered per call, after every global middleware, so an app's own middleware sees the REST-shaped request.
 */
export function proxyMode(ctx: CallContext, base: string): Middleware {
  return {
    async onRequest({ request, params }) {
      if (!ctx.operationId) {
        throw new ApiConfigError(`${ctx.method} ${ctx.path} is not in the client's operation table: no proxy route.`);
      }
      const url = new URL(`${base}/${ctx.form ? 'upload/' : ''}${ctx.operationId}`);
      if (ctx.token) url.searchParams.set('accessToken', ctx.token);
      if (ctx.guestPass) url.searchParams.set('guestPass', ctx.guestPass);
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      headers.delete('content-length');
      let body: RequestInit['body'];
      if (ctx.form) {
        const form = new FormData();
        for (const [name, value] of ctx.form) form.append(name, value);
        form.append('params', JSON.stringify(params.path ?? {}));
        form.append('query', JSON.stringify(params.query ?? {}));
        body = form;
      } else {
        const text = request.body === null ? '' : await request.text();
        const envelope = {
          params: nonEmpty(params.path),
          query: nonEmpty(params.query),
          payload: text ? (JSON.parse(text) as unknown) : undefined,
        };
        headers.set('content-type', 'application/json');
        body = JSON.stringify(envelope);
      }
      return new Request(url, { method: 'POST', headers, body });
    },
  };
}
