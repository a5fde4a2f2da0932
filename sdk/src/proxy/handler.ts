import type { BodySource } from './body-source.js';
import { type DirectCall, type Incoming, type Outgoing, type ProxyHandlerOptions, proxyCore } from './core.js';
import { readLimited } from './guards.js';
import { fetchAnswer } from './transport.js';

export { ApiConfigError } from '../config.js';
export type { ProxyHandlerOptions } from './core.js';
// The envelope's JSON Schema, for a description of the API as proxy mode serves it (scripts/proxy-description.ts).
export { envelopeSchema, uploadEnvelopeSchema } from './envelope.js';

/** What a host knows of a call besides its Request: Deno's `info.remoteAddr.hostname`, Bun's `server.requestIP`. */
export interface ProxyCallInfo {
  /** The address the connection came from: the start of X-Forwarded-For, or its last hop behind `trustProxy`. */
  remoteAddress?: string | undefined;
}

/** A fetch `Request` as the proxy's rules read it. */
function incoming(request: Request, info: ProxyCallInfo | undefined): Incoming {
  const url = new URL(request.url);
  return {
    method: request.method,
    pathname: url.pathname,
    origin: url.origin,
    peer: info?.remoteAddress,
    header: (name) => request.headers.get(name),
    body: (maxBytes, timeoutMs) => readLimited(request, maxBytes, timeoutMs),
  };
}

/**
 * The rest of an API's answer as a stream that pulls from the upstream only as the host reads it. A failure on the
 * way errors the stream, so the host breaks the answer off instead of ending it.
 */
function streamed(first: Uint8Array<ArrayBuffer>, rest: BodySource): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (first.byteLength) controller.enqueue(first);
      },
      async pull(controller) {
        const chunk = await rest.read();
        if (chunk === null) controller.close();
        else controller.enqueue(chunk);
      },
      cancel: () => rest.cancel(),
    },
    { highWaterMark: 0 },
  );
}

function toResponse(outgoing: Outgoing): Response {
  const { body, rest } = outgoing;
  const bytes = rest === undefined || typeof body === 'string' || body === null ? body : streamed(body, rest);
  return new Response(bytes, {
    status: outgoing.status,
    ...(outgoing.statusText === undefined ? {} : { statusText: outgoing.statusText }),
    headers: outgoing.headers,
  });
}

/**
 * The server half of proxy mode (§7): a fetch-standard handler for `POST {basePath}/{group}.{method}` with
 * `{ params, payload, query }` and `POST {basePath}/upload/{group}.{method}` as multipart. It checks the name against
 * the operation table (an unknown one is a 404 problem), makes the direct call with the API key held server-side,
 * and hands back the API's status, its JSON or CSV body and an allow-list of its headers. It accepts calls from the
 * site's own origin only, counts body bytes as they arrive, and refuses JSON nested past 64 levels. It does not
 * retry: the SDK in the browser does, with the same request id and idempotency key, which this handler passes on.
 * On a node:http server, `createProxyListener` (`@runofshow/sdk/proxy-listener`) applies the same rules faster.
 */
export function createProxyHandler(
  options: ProxyHandlerOptions,
): (request: Request, info?: ProxyCallInfo) => Promise<Response> {
  const core = proxyCore(options);
  const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const send = (direct: DirectCall) => fetchAnswer(fetch, direct, core.timeoutMs);
  return async (request, info) => toResponse(await core.serve(incoming(request, info), send));
}
