import { ApiConfigError, httpUrl } from '../config.js';
import { operations } from '../generated/operations.js';
import { OperationIndex, type OperationTable } from '../operation-table.js';
import { directTarget, ENVELOPE_FIELDS, readEnvelope, uploadEnvelope } from './envelope.js';
import { checkSameOrigin, isPassedType, PASSED_HEADER, parseJson, tooLarge } from './guards.js';
import { ProxyProblem, problemBody } from './problem.js';

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
  fetch?: typeof globalThis.fetch;
}

/** A proxy call as either entry (fetch-standard or node:http) receives it. */
export interface Incoming {
  method: string;
  /** The request URL's path, as sent. */
  pathname: string;
  /** The request URL's origin: the site's own unless `origins` says otherwise. */
  origin: string;
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

/** What the API answered, as either transport reads it. */
export interface Answer {
  status: number;
  statusText: string;
  headers: Iterable<[string, string]>;
  body: Uint8Array<ArrayBuffer> | null;
}

/** The answer the browser gets: the API's (its allow-listed headers) or a problem. */
export interface Outgoing {
  status: number;
  statusText?: string;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer> | string | null;
}

/** Request headers a browser may pass through to the API; everything else (cookies, its own API key) stays here. */
const FORWARDED = ['x-request-id', 'idempotency-key', 'prefer', 'accept', 'accept-language'];
const OPERATION_NAME = /^[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*$/;
const REQUEST_ID = /^[\w-]{1,64}$/;
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\b/i;

/** A problem-details answer (RFC 9457), never cached. */
function problemAnswer(status: number, title: string, detail: string, requestId: string): Outgoing {
  return {
    status,
    headers: [
      ['content-type', 'application/problem+json'],
      ['cache-control', 'no-store'],
    ],
    body: problemBody(status, title, detail, requestId),
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
      );
    }
    if (operation.upload !== upload) {
      const route = `${base}/${operation.upload ? 'upload/' : ''}${name}`;
      throw new ProxyProblem(
        404,
        'Unknown operation',
        `${name} ${operation.upload ? 'takes a file' : 'takes no file'}: POST ${route}.`,
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
    const type = request.header('content-type') ?? '';
    const headers: Record<string, string> = {};
    for (const header of FORWARDED) {
      const value = request.header(header);
      if (value !== null) headers[header] = value;
    }
    headers['x-api-key'] = options.apiKey;
    if (upload) {
      if (!MULTIPART_TYPE.test(type)) {
        throw new ProxyProblem(415, 'Unsupported media type', 'An upload is multipart/form-data with a file part.');
      }
      // A plain HTML form can post multipart but cannot add a header: the SDK always sends its request id.
      if (request.header('x-request-id') === null) {
        throw new ProxyProblem(403, 'Forbidden', 'An upload carries an X-Request-Id header.');
      }
      const bytes = await bodyOf(request);
      const form = await new Response(bytes, { headers: { 'content-type': type } }).formData().catch(() => {
        throw new ProxyProblem(400, 'Bad request', 'The multipart body could not be read.');
      });
      const url = directTarget(endpoint, operation, uploadEnvelope(form), headers);
      const fields = new FormData();
      for (const [field, value] of form) if (!ENVELOPE_FIELDS.has(field)) fields.append(field, value);
      return { url, method: operation.method, headers, body: fields };
    }
    // JSON only: a cross-site form cannot send it without a CORS preflight, which this server never grants.
    if (!JSON_TYPE.test(type)) {
      throw new ProxyProblem(415, 'Unsupported media type', 'A proxy call is a JSON body { params, payload, query }.');
    }
    const bytes = await bodyOf(request);
    const envelope = readEnvelope(parseJson(decoder.decode(bytes)));
    const url = directTarget(endpoint, operation, envelope, headers);
    if (envelope.payload === undefined) return { url, method: operation.method, headers };
    headers['content-type'] = 'application/json';
    return { url, method: operation.method, headers, body: JSON.stringify(envelope.payload) };
  }

  /** The API's status, an allow-list of its headers and its body, if that body is JSON or CSV; else a 502. */
  function answer(upstream: Answer, requestId: string): Outgoing {
    // A status fetch cannot carry (node:http reads 600 to 999 too) is no answer the browser could use.
    if (upstream.status < 200 || upstream.status > 599) {
      return problemAnswer(502, 'Bad gateway', `The API answered with status ${upstream.status}.`, requestId);
    }
    // A repeated header is joined as fetch's Headers joins it, so two Content-Types are judged (and passed) together:
    // a browser would take the last one.
    const passed = new Map<string, string>();
    for (const [name, value] of upstream.headers) {
      const key = name.toLowerCase();
      if (!PASSED_HEADER.test(key)) continue;
      const seen = passed.get(key);
      passed.set(key, seen === undefined ? value : `${seen}, ${value}`);
    }
    const headers = [...passed];
    if (upstream.body?.byteLength && !isPassedType(passed.get('content-type') ?? null)) {
      return problemAnswer(502, 'Bad gateway', 'The API answered with a body that is neither JSON nor CSV.', requestId);
    }
    return { status: upstream.status, statusText: upstream.statusText, headers, body: upstream.body };
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
    problemAnswer(error.status, error.title, error.detail, requestId);

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
      return answer(await send(direct), requestId);
    } catch (error) {
      return failed(error, requestId);
    }
  }

  return { serve, problem, requestIdOf, timeoutMs };
}
