import { ApiConfigError, httpUrl } from '../config.js';
import { UNKNOWN_OPERATION_TYPE } from '../errors.js';
import { operations } from '../generated/operations.js';
import { OperationIndex, type OperationTable } from '../operation-table.js';
import { type BodySource, settledRead } from './body-source.js';
import { csvDisposition } from './disposition.js';
import { checkUploadField, directTarget, readEnvelope, uploadEnvelope } from './envelope.js';
import { forwardedHeaders } from './forwarded.js';
import { checkSameOrigin, isJsonEssence, isPassedEssence, PASSED_HEADER, parseJson, tooLarge } from './guards.js';
import { parseMediaType, serializeMediaType } from './media-type.js';
import { ProxyProblem, problemBody } from './problem.js';
import { boundaryOf, readUpload } from './upload.js';

export interface ProxyHandlerOptions {
  /** The API the proxy calls in direct mode, e.g. `https://api.example.com`. */
  endpoint: string;
  /** Sent as `X-Api-Key` on every direct call; it never leaves the server. */
  apiKey: string;
  /** Where the handler is mounted (`/api`). */
  basePath?: string;
  /** The operations it serves (all of the description's by default). */
  operations?: OperationTable;
  /** Milliseconds the API may take before the proxy answers 504 (30 000). */
  timeoutMs?: number;
  /** Largest request body accepted, in bytes (10 MiB): counted as it arrives, never buffered past. */
  maxBodyBytes?: number;
  /** Milliseconds a caller may take to send its body before the proxy answers 408 (30 000). */
  bodyTimeoutMs?: number;
  /** The site's own origins, the only ones whose calls are accepted (default: the request URL's origin). */
  origins?: readonly string[];
  /**
   * Whether the proxy sits behind a reverse proxy the site runs (nginx, a load balancer) that sets X-Forwarded-For,
   * -Proto and -Host: then the incoming chain is kept (its well-formed nearest stretch, ten entries at most) and the
   * peer's address appended, and the incoming proto and host passed on. Off by default, for a proxy that visitors
   * reach directly: whatever X-Forwarded-* a caller sends is dropped, the chain starts afresh with the peer, the
   * proto is this server's own and no host is sent.
   */
  trustProxy?: boolean;
  fetch?: typeof globalThis.fetch;
}

/** A proxy call as either entry (fetch-standard or node:http) receives it. */
export interface Incoming {
  method: string;
  /** The request URL's path, as sent. */
  pathname: string;
  /** The request URL's origin: the site's own unless `origins` says otherwise. */
  origin: string;
  /** The address the connection came from, when the entry knows it. */
  peer?: string | undefined;
  header(name: string): string | null;
  /** The body, counted as it arrives (its declared length is judged before): a 413 problem past `maxBytes`, a 408 past `timeoutMs`. */
  body(maxBytes: number, timeoutMs: number): Promise<Uint8Array<ArrayBuffer>>;
}

/** The direct call a proxy call stands for. */
export interface DirectCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

/** What the API answered, as either transport reads it: its head, and its body still to come. */
export interface Answer {
  status: number;
  statusText: string;
  headers: Iterable<[string, string]>;
  /** None for a 204 or 304. */
  body: BodySource | null;
  /** The body's declared length, when it arrives as sent (not decoded on the way). */
  length?: number | undefined;
}

/** The answer the browser gets: the API's (its allow-listed headers) or a problem. */
export interface Outgoing {
  status: number;
  statusText?: string;
  headers: [string, string][];
  /** The body, or with `rest` its first bytes. */
  body: Uint8Array<ArrayBuffer> | string | null;
  /** The rest of the API's body, written as it arrives; a failure while it does breaks the answer off. */
  rest?: BodySource;
  /** The whole body's length when the API declared it. */
  length?: number | undefined;
}

/** Request headers a browser may pass through to the API; everything else (cookies, its own API key) stays here. */
const FORWARDED = ['x-request-id', 'idempotency-key', 'prefer', 'accept', 'accept-language'];
const OPERATION_NAME = /^[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*$/;
const REQUEST_ID = /^[\w-]{1,64}$/;
/** Bytes of an answer taken before its head is written when they have already arrived. */
const MAX_HELD = 64 * 1024;
/** Leading bytes a JSON answer may have before its first value (a BOM, white space) that are looked through. */
const MAX_JSON_LEAD = 64 * 1024;
/** Bytes a JSON text can begin with once white space is passed: `{ [ " - 0-9 t f n`. */
const JSON_START = new Set([...'{["-0123456789tfn'].map((c) => c.charCodeAt(0)));
const JSON_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]);

/** Chunks as one array. */
function concat(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The first bytes of a body, or null when it ends with none. */
async function firstBytes(source: BodySource): Promise<Uint8Array | null> {
  for (;;) {
    const chunk = await source.read();
    if (chunk === null || chunk.byteLength > 0) return chunk;
  }
}

/** A problem-details answer (RFC 9457), never cached. */
function problemAnswer(status: number, title: string, detail: string, requestId: string, type?: string): Outgoing {
  return {
    status,
    headers: [
      ['content-type', 'application/problem+json'],
      ['cache-control', 'no-store'],
    ],
    body: problemBody(status, title, detail, requestId, type),
  };
}

/**
 * Everything the proxy decides, whichever way the call arrives and the API is reached: the route, the hardening
 * rules, the envelope and the direct call (`prepare`), then the answer the browser gets (`answer`, `failed`), the
 * whole of it in `serve`.
 */
export function proxyCore(options: ProxyHandlerOptions) {
  if (!options.endpoint) throw new ApiConfigError('Missing required proxy handler configuration: endpoint.');
  if (!options.apiKey) throw new ApiConfigError('Missing required proxy handler configuration: apiKey.');
  const index = new OperationIndex(options.operations ?? operations);
  const base = (options.basePath ?? '/api').replace(/\/+$/, '');
  const endpoint = httpUrl(options.endpoint, 'endpoint', 'an absolute http(s) URL', undefined, 'proxy handler');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 30_000;
  const origins = options.origins ?? [];
  const trustProxy = options.trustProxy === true;
  const decoder = new TextDecoder();

  /** The call's body: refused unread when its declared length is past the limit, else counted as it arrives. */
  function bodyOf(request: Incoming): Promise<Uint8Array<ArrayBuffer>> {
    const declared = request.header('content-length');
    if (declared !== null && Number(declared) > maxBodyBytes) throw tooLarge(maxBodyBytes);
    return request.body(maxBodyBytes, bodyTimeoutMs);
  }

  async function prepare(request: Incoming): Promise<DirectCall> {
    const rest = request.pathname.startsWith(`${base}/`) ? request.pathname.slice(base.length + 1) : '';
    const upload = rest.startsWith('upload/');
    const name = upload ? rest.slice('upload/'.length) : rest;
    const operation = OPERATION_NAME.test(name) ? index.find(name) : undefined;
    if (!operation) {
      const shown = name.replace(/[^\w.-]/g, '').slice(0, 100);
      throw new ProxyProblem(
        404,
        'Unknown operation',
        `No operation is named "${shown}". Call ${base}/{group}.{method}.`,
        // Its own type, so a client tells "this proxy does not serve that" (an allow-list) from an API's 404.
        UNKNOWN_OPERATION_TYPE,
      );
    }
    if (operation.upload !== upload) {
      const route = `${base}/${operation.upload ? 'upload/' : ''}${name}`;
      throw new ProxyProblem(
        404,
        'Unknown operation',
        `${name} ${operation.upload ? 'takes a file' : 'takes no file'}: POST ${route}.`,
        UNKNOWN_OPERATION_TYPE,
      );
    }
    if (request.method !== 'POST')
      throw new ProxyProblem(405, 'Method not allowed', `Proxy calls are POST ${base}/${rest}.`);
    // A page on another origin must not spend this server's API key.
    checkSameOrigin(
      request.header('sec-fetch-site'),
      request.header('origin'),
      origins.length ? origins : [request.origin],
    );
    const type = parseMediaType(request.header('content-type'));
    const headers: Record<string, string> = {};
    for (const header of FORWARDED) {
      const value = request.header(header);
      if (value !== null) headers[header] = value;
    }
    const scheme = request.origin.startsWith('https:') ? 'https' : 'http';
    Object.assign(headers, forwardedHeaders({ peer: request.peer, scheme, header: request.header }, trustProxy));
    headers['x-api-key'] = options.apiKey;
    if (upload) {
      const boundary = boundaryOf(type);
      // A plain HTML form can post multipart but cannot add a header: the SDK always sends its request id.
      if (request.header('x-request-id') === null) {
        throw new ProxyProblem(403, 'Forbidden', 'An upload carries an X-Request-Id header.');
      }
      const bytes = await bodyOf(request);
      const { url, fields } = readUpload(bytes, boundary, maxBodyBytes, {
        field: (field, text) => checkUploadField(operation, field, text),
        target: (envelope) => directTarget(endpoint, operation, uploadEnvelope(envelope), headers),
      });
      return { url, method: operation.method, headers, body: fields };
    }
    // JSON only: a cross-site form cannot send it without a CORS preflight, which this server never grants.
    if (type?.essence !== 'application/json') {
      throw new ProxyProblem(415, 'Unsupported media type', 'A proxy call is a JSON body { params, payload, query }.');
    }
    const bytes = await bodyOf(request);
    const envelope = readEnvelope(parseJson(decoder.decode(bytes)));
    const url = directTarget(endpoint, operation, envelope, headers);
    if (envelope.payload === undefined) return { url, method: operation.method, headers };
    headers['content-type'] = 'application/json';
    return { url, method: operation.method, headers, body: JSON.stringify(envelope.payload) };
  }

  const badGateway = (detail: string, requestId: string) => problemAnswer(502, 'Bad gateway', detail, requestId);

  /**
   * The API's status, an allow-list of its headers and its body as it arrives, if that body is JSON or CSV; else a
   * 502. What is judged is the head, before a byte is passed: the Content-Type must be one well-formed media type
   * whose essence is JSON or CSV (the browser is then sent that essence and a charset, nothing else), a CSV answer's
   * Content-Disposition is rewritten to a safe `attachment`, and a JSON one's first bytes (white space aside) must
   * be ones JSON can start with. Past those first bytes the body is passed as it arrives and no longer judged: it
   * cannot be refused after its first byte has left (docs/SECURITY.md).
   */
  async function answer(upstream: Answer, requestId: string): Promise<Outgoing> {
    const source = upstream.body;
    // A status fetch cannot carry (node:http reads 600 to 999 too) is no answer the browser could use.
    if (upstream.status < 200 || upstream.status > 599) {
      source?.cancel();
      return badGateway(`The API answered with status ${upstream.status}.`, requestId);
    }
    // A repeated header is joined as fetch's Headers joins it, so two Content-Types are judged together (and, being
    // no one media type, refused): a browser would take the last.
    const passed = new Map<string, string>();
    for (const [name, value] of upstream.headers) {
      const key = name.toLowerCase();
      if (!PASSED_HEADER.test(key) && key !== 'content-type' && key !== 'content-disposition') continue;
      const seen = passed.get(key);
      passed.set(key, seen === undefined ? value : `${seen}, ${value}`);
    }
    const type = parseMediaType(passed.get('content-type') ?? null);
    const disposition = passed.get('content-disposition');
    passed.delete('content-type');
    passed.delete('content-disposition');
    const headers = [...passed];
    const reply = (body: Outgoing['body'], more?: Partial<Outgoing>): Outgoing => ({
      status: upstream.status,
      statusText: upstream.statusText,
      headers,
      body,
      ...more,
    });
    if (type === undefined || !isPassedEssence(type.essence)) {
      // Only an answer with no body at all may come back without a type the proxy passes.
      if (source === null) return reply(null);
      const first = await firstBytes(source);
      if (first === null) return reply(null);
      source.cancel();
      return badGateway('The API answered with a body that is neither JSON nor CSV.', requestId);
    }
    headers.push(['content-type', serializeMediaType(type)]);
    if (type.essence === 'text/csv' && disposition !== undefined) {
      headers.push(['content-disposition', csvDisposition(disposition)]);
    }
    if (source === null) return reply(null);
    const held: Uint8Array[] = [];
    let size = 0;
    let ended = false;
    // A CSV answer is judged on its head alone, a JSON one on its first bytes too.
    let judged = !isJsonEssence(type.essence);
    // The first chunk (a JSON answer's up to its first value): waited for before the head is written, so an answer
    // that fails that early is still a 502 problem. Everything after it streams.
    for (;;) {
      // Taken in this turn when it is already here; a read waits only for bytes still on their way.
      let chunk = source.now?.();
      if (chunk === undefined) chunk = await source.read();
      if (chunk === null) {
        ended = true;
        break;
      }
      held.push(chunk);
      size += chunk.byteLength;
      if (!judged) {
        const start = chunk.findIndex((byte) => !JSON_SPACE.has(byte));
        if ((start !== -1 && !JSON_START.has(chunk[start] as number)) || (start === -1 && size > MAX_JSON_LEAD)) {
          source.cancel();
          return badGateway('The API answered with a JSON type and a body that is not JSON.', requestId);
        }
        judged = start !== -1;
      }
      // All the bytes it declared are here (a small answer, most of them): its end is read too, which comes at once,
      // and the answer goes out whole, in one write with its length.
      if (judged && size !== upstream.length) break;
    }
    // What else has already arrived is taken too, up to a bound: the end of a small chunked answer comes with its
    // bytes, and such an answer then goes out whole, in one write with its length, as it did when answers were held.
    let rest = source;
    while (!ended && size < MAX_HELD) {
      const taken = rest.now?.();
      const next =
        taken !== undefined
          ? { ready: taken, rest }
          : rest.arrived?.()
            ? { ready: await rest.read(), rest }
            : await settledRead(rest);
      rest = next.rest;
      if (next.ready === undefined) break;
      if (next.ready === null) ended = true;
      else {
        held.push(next.ready);
        size += next.ready.byteLength;
      }
    }
    const body = held.length === 1 ? (held[0] as Uint8Array<ArrayBuffer>) : concat(held, size);
    return ended ? reply(body) : reply(body, { rest, length: upstream.length });
  }

  /** 502 and 504 are retryable (§8): the SDK on the other side tries again under the same idempotency key. */
  function failed(error: unknown, requestId: string): Outgoing {
    return error instanceof Error && error.name === 'TimeoutError'
      ? problemAnswer(504, 'Gateway timeout', `The API did not answer within ${timeoutMs} ms.`, requestId)
      : problemAnswer(502, 'Bad gateway', 'The API could not be reached.', requestId);
  }

  /** The caller's request id, echoed in problems when it is one the SDK could have made. */
  const requestIdOf = (request: Pick<Incoming, 'header'>) => {
    const id = request.header('x-request-id') ?? '';
    return REQUEST_ID.test(id) ? id : '';
  };

  const problem = (error: ProxyProblem, requestId: string) =>
    problemAnswer(error.status, error.title, error.detail, requestId, error.type);

  /**
   * One call, from its arrival to what the browser gets: a refused call is its problem, an API out of reach or out of
   * time a 502 or 504. `send` makes the direct call. Only an error that is no `ProxyProblem` is thrown.
   */
  async function serve(
    request: Incoming,
    send: (direct: DirectCall) => Promise<Answer>,
    requestId = requestIdOf(request),
  ): Promise<Outgoing> {
    let direct: DirectCall;
    try {
      direct = await prepare(request);
    } catch (error) {
      if (!(error instanceof ProxyProblem)) throw error;
      return problem(error, requestId);
    }
    try {
      return await answer(await send(direct), requestId);
    } catch (error) {
      return failed(error, requestId);
    }
  }

  return { serve, problem, requestIdOf, timeoutMs, base };
}
