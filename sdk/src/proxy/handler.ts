import { ApiConfigError, httpUrl } from '../config.js';
import { operations } from '../generated/operations.js';
import { OperationIndex, type OperationTable } from '../operation-table.js';
import { directTarget, ENVELOPE_FIELDS, readEnvelope, uploadEnvelope } from './envelope.js';
import { ProxyProblem, problem } from './problem.js';

export { ApiConfigError } from '../config.js';

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
  /** Largest request body accepted, in bytes (10 MiB). */
  maxBodyBytes?: number;
  fetch?: typeof globalThis.fetch;
}

/** Request headers a browser may pass through to the API; everything else (cookies, its own API key) stays here. */
const FORWARDED = ['x-request-id', 'x-client-id', 'idempotency-key', 'prefer', 'accept', 'accept-language'];
/** Response headers that describe this hop, not the answer. */
const HOP_BY_HOP =
  /^(connection|keep-alive|transfer-encoding|content-encoding|content-length|upgrade|te|trailer|proxy-.*|set-cookie|access-control-.*)$/i;
const OPERATION_NAME = /^[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*$/;

/**
 * The server half of proxy mode (§7): a fetch-standard handler for `POST {basePath}/{group}.{method}` with
 * `{ params, payload, query }` and `POST {basePath}/upload/{group}.{method}` as multipart. It checks the name against
 * the operation table (an unknown one is a 404 problem), makes the direct call with the API key held server-side,
 * and hands back the API's answer unchanged. It does not retry: the SDK in the browser does, with the same
 * request id and idempotency key, which this handler passes on.
 */
export function createProxyHandler(options: ProxyHandlerOptions): (request: Request) => Promise<Response> {
  if (!options.endpoint) throw new ApiConfigError('Missing required proxy handler configuration: endpoint.');
  if (!options.apiKey) throw new ApiConfigError('Missing required proxy handler configuration: apiKey.');
  const index = new OperationIndex(options.operations ?? operations);
  const base = (options.basePath ?? '/api').replace(/\/+$/, '');
  const endpoint = httpUrl(options.endpoint, 'endpoint', 'an absolute http(s) URL', undefined, 'proxy handler');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function directCall(request: Request): Promise<{ url: URL; init: RequestInit }> {
    const url = new URL(request.url);
    const rest = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length + 1) : '';
    const upload = rest.startsWith('upload/');
    const name = upload ? rest.slice('upload/'.length) : rest;
    const operation = OPERATION_NAME.test(name) ? index.find(name) : undefined;
    const shown = name.replace(/[^\w.-]/g, '').slice(0, 100);
    if (!operation) {
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
    // A page on another site must not spend this server's API key.
    if (request.headers.get('sec-fetch-site') === 'cross-site') {
      throw new ProxyProblem(403, 'Forbidden', 'Proxy calls are accepted from this site only.');
    }
    if (Number(request.headers.get('content-length') ?? 0) > maxBodyBytes) {
      throw new ProxyProblem(413, 'Content too large', `Proxy calls carry at most ${maxBodyBytes} bytes.`);
    }
    const type = request.headers.get('content-type') ?? '';
    const headers = new Headers();
    for (const header of FORWARDED) {
      const value = request.headers.get(header);
      if (value !== null) headers.set(header, value);
    }
    headers.set('X-Api-Key', options.apiKey);
    let target: URL;
    let body: RequestInit['body'];
    if (upload) {
      if (!type.startsWith('multipart/form-data')) {
        throw new ProxyProblem(415, 'Unsupported media type', 'An upload is multipart/form-data with a file part.');
      }
      const form = await request.formData().catch(() => {
        throw new ProxyProblem(400, 'Bad request', 'The multipart body could not be read.');
      });
      target = directTarget(endpoint, operation, uploadEnvelope(form), headers);
      const fields = new FormData();
      for (const [field, value] of form) if (!ENVELOPE_FIELDS.has(field)) fields.append(field, value);
      body = fields;
    } else {
      // JSON only: a cross-site form cannot send it without a CORS preflight, which this server never grants.
      if (!/^application\/json\b/i.test(type)) {
        throw new ProxyProblem(
          415,
          'Unsupported media type',
          'A proxy call is a JSON body { params, payload, query }.',
        );
      }
      const text = await request.text();
      let parsed: unknown = {};
      try {
        if (text.trim()) parsed = JSON.parse(text);
      } catch {
        throw new ProxyProblem(400, 'Bad request', 'The body is not valid JSON.');
      }
      const envelope = readEnvelope(parsed);
      target = directTarget(endpoint, operation, envelope, headers);
      if (envelope.payload !== undefined) {
        body = JSON.stringify(envelope.payload);
        headers.set('content-type', 'application/json');
      }
    }
    return { url: target, init: { method: operation.method, headers, ...(body === undefined ? {} : { body }) } };
  }

  return async (request) => {
    const requestId = /^[\w-]{1,64}$/.test(request.headers.get('x-request-id') ?? '')
      ? (request.headers.get('x-request-id') ?? '')
      : '';
    let call: { url: URL; init: RequestInit };
    try {
      call = await directCall(request);
    } catch (error) {
      if (error instanceof ProxyProblem) return problem(error.status, error.title, error.detail, { requestId });
      throw error;
    }
    try {
      const response = await send(call.url, {
        ...call.init,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const headers = new Headers();
      for (const [name, value] of response.headers) if (!HOP_BY_HOP.test(name)) headers.append(name, value);
      const empty = response.status === 204 || response.status === 304;
      const body = empty ? null : await response.arrayBuffer();
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    } catch (error) {
      // 502 and 504 are retryable (§8): the SDK on the other side tries again under the same idempotency key.
      return error instanceof Error && error.name === 'TimeoutError'
        ? problem(504, 'Gateway timeout', `The API did not answer within ${timeoutMs} ms.`, { requestId })
        : problem(502, 'Bad gateway', 'The API could not be reached.', { requestId });
    }
  };
}
