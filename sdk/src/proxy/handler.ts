import { type DirectCall, type Incoming, type Outgoing, type ProxyHandlerOptions, proxyCore } from './core.js';
import { readLimited } from './guards.js';
import { fetchAnswer } from './transport.js';

export { ApiConfigError } from '../config.js';
export type { ProxyHandlerOptions } from './core.js';

/** A fetch `Request` as the proxy's rules read it. */
function incoming(request: Request): Incoming {
  const url = new URL(request.url);
  return {
    method: request.method,
    pathname: url.pathname,
    origin: url.origin,
    header: (name) => request.headers.get(name),
    body: (maxBytes, timeoutMs) => readLimited(request, maxBytes, timeoutMs),
  };
}

const toResponse = (outgoing: Outgoing) =>
  new Response(outgoing.body, {
    status: outgoing.status,
    ...(outgoing.statusText === undefined ? {} : { statusText: outgoing.statusText }),
    headers: outgoing.headers,
  });

/**
 * The server half of proxy mode (§7): a fetch-standard handler for `POST {basePath}/{group}.{method}` with
 * `{ params, payload, query }` and `POST {basePath}/upload/{group}.{method}` as multipart. It checks the name against
 * the operation table (an unknown one is a 404 problem), makes the direct call with the API key held server-side,
 * and hands back the API's status, its JSON or CSV body and an allow-list of its headers. It accepts calls from the
 * site's own origin only, counts body bytes as they arrive, and refuses JSON nested past 64 levels. It does not
 * retry: the SDK in the browser does, with the same request id and idempotency key, which this handler passes on.
 * On a node:http server, `createProxyListener` (`@runofshow/sdk/proxy-listener`) applies the same rules faster.
 */
export function createProxyHandler(options: ProxyHandlerOptions): (request: Request) => Promise<Response> {
  const core = proxyCore(options);
  const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const send = (direct: DirectCall) => fetchAnswer(fetch, direct, core.timeoutMs);
  return async (request) => toResponse(await core.serve(incoming(request), send));
}
