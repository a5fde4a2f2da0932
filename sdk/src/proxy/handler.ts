import { ApiConfigError, httpUrl } from '../config.js';
import { operations } from '../generated/operations.js';
import { OperationIndex, type OperationTable } from '../operation-table.js';
import { directTarget, ENVELOPE_FIELDS, readEnvelope, uploadEnvelope } from './envelope.js';
import { answerHeaders, checkSameOrigin, isPassedType, parseJson, readLimited } from './guards.js';
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
  /** Largest request body accepted, in bytes (10 MiB): counted as it arrives, never buffered past. */
  maxBodyBytes?: number;
  /** Milliseconds a caller may take to send its body before the proxy answers 408 (30 000). */
  bodyTimeoutMs?: number;
  /** The site's own origins, the only ones whose calls are accepted (default: the request URL's origin). */
  origins?: readonly string[];
  fetch?: typeof globalThis.fetch;
}

/** Request headers a browser may pass through to the API; everything else (cookies, its own API key) stays here. */
const FORWARDED = ['x-request-id', 'idempotency-key', 'prefer', 'accept', 'accept-language'];
const OPERATION_NAME = /^[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*$/;

/**
 * The server half of proxy mode (§7): a fetch-standard handler for `POST {basePath}/{group}.{method}` with
 * `{ params, payload, query }` and `POST {basePath}/upload/{group}.{method}` as multipart. It checks the name against
 * the operation table (an unknown one is a 404 problem), makes the direct call with the API key held server-side,
 * and hands back the API's status, its JSON or CSV body and an allow-list of its headers. It accepts calls from the
 * site's own origin only, counts body bytes as they arrive, and refuses JSON nested past 64 levels. It does not
 * retry: the SDK in the browser does, with the same request id and idempotency key, which this handler passes on.
 */
export function createProxyHandler(options: ProxyHandlerOptions): (request: Request) => Promise<Response> {
  if (!options.endpoint) throw new ApiConfigError('Missing required proxy handler configuration: endpoint.');
  if (!options.apiKey) throw new ApiConfigError('Missing required proxy handler configuration: apiKey.');
  const index = new OperationIndex(options.operations ?? operations);
  const base = (options.basePath ?? '/api').replace(/\/+$/, '');
  const endpoint = httpUrl(options.endpoint, 'endpoint', 'an absolute http(s) URL', undefined, 'proxy handler');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 30_000;
  const origins = options.origins ?? [];
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
    // A page on another origin must not spend this server's API key.
    checkSameOrigin(request, origins);
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
      if (!/^multipart\/form-data\b/i.test(type)) {
        throw new ProxyProblem(415, 'Unsupported media type', 'An upload is multipart/form-data with a file part.');
      }
      // A plain HTML form can post multipart but cannot add a header: the SDK always sends its request id.
      if (!request.headers.has('x-request-id')) {
        throw new ProxyProblem(403, 'Forbidden', 'An upload carries an X-Request-Id header.');
      }
      const bytes = await readLimited(request, maxBodyBytes, bodyTimeoutMs);
      const form = await new Response(bytes, { headers: { 'content-type': type } }).formData().catch(() => {
        throw new ProxyProblem(400, 'Bad request', 'The multipart body could not be read.');
      });
      target = directTarget(endpoint, operation, uploadEnvelope(form), headers);
      const fields = new FormData();
      for (const [field, value] of form) if (!ENVELOPE_FIELDS.has(field)) fields.append(field, value);
      body = fields;
    } else {
      // JSON only: a cross-site form cannot send it without a CORS preflight, which this server never grants.
      if (!/^application\/json\s*(;|$)/i.test(type)) {
        throw new ProxyProblem(
          415,
          'Unsupported media type',
          'A proxy call is a JSON body { params, payload, query }.',
        );
      }
      const bytes = await readLimited(request, maxBodyBytes, bodyTimeoutMs);
      const envelope = readEnvelope(parseJson(new TextDecoder().decode(bytes)));
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
      const empty = response.status === 204 || response.status === 304;
      const body = empty ? null : await response.arrayBuffer();
      if (body?.byteLength && !isPassedType(response.headers.get('content-type'))) {
        return problem(502, 'Bad gateway', 'The API answered with a body that is neither JSON nor CSV.', { requestId });
      }
      const headers = answerHeaders(response.headers);
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    } catch (error) {
      // 502 and 504 are retryable (§8): the SDK on the other side tries again under the same idempotency key.
      return error instanceof Error && error.name === 'TimeoutError'
        ? problem(504, 'Gateway timeout', `The API did not answer within ${timeoutMs} ms.`, { requestId })
        : problem(502, 'Bad gateway', 'The API could not be reached.', { requestId });
    }
  };
}
