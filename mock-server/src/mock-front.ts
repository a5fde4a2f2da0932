import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, type RunningServer } from '@runofshow/devkit/listen';
import { clientAddress, isLoopback } from './client-address.js';
import { CONTROL_PREFIX, controlAnswer } from './control/api.js';
import type { Control } from './control/control.js';
import type { Exchange } from './exchange.js';
import { outboxAccess } from './outbox-access.js';
import { readBody } from './read-body.js';
import {
  answerCall,
  type Backend,
  type CoreOptions,
  corsHeaders,
  isHopByHop,
  parseJson,
  problemAnswer,
} from './request-core.js';
import { FILES_PREFIX, type FileAnswer } from './sandbox/engine/files.js';
import type { OutboxPage } from './sandbox/outbox-page.js';
import { scenarioMatcher } from './scenario-match.js';
import type { Scenario } from './scenarios.js';

export { SCENARIO_HEADER } from './request-core.js';

export interface MockFrontOptions {
  port: number;
  host?: string;
  /** Prism's address (mock or proxy mode), reachable only through this front. */
  target: string;
  /** Scenario accounts turned into a `Prefer` choice; none in proxy mode, where a real backend answers. */
  scenarios?: readonly Scenario[];
  /**
   * With the stateful sandbox (issue 16) behind `target`: which calls it answers (those of its operations that carry
   * no `Prefer`, the client's or a scenario's), so each exchange says whether it was the sandbox's.
   */
  sandbox?: { handles: (method: string, path: string) => boolean };
  /**
   * The sandbox's outbox page and its stylesheet (`/outbox/…`, any case), answered here, so a host pointed at the
   * mock has its mail on the mock's own address.
   */
  outbox?: (path: string, query: URLSearchParams) => OutboxPage | undefined | Promise<OutboxPage | undefined>;
  /** The sandbox's stored files at `/files/…`, where the signed URLs it returns lead (`sandbox/engine/files.ts`). */
  files?: (path: string, query: URLSearchParams) => Promise<FileAnswer>;
  /** The outbox answers a client on this machine; anyone else must present this token (`outbox-access.ts`). */
  outboxToken?: string;
  /**
   * The deployment's own proxies (the hosts, the web server in front of them): loopback by default
   * (`trustedProxies` in client-address.ts). The client is the nearest `X-Forwarded-For` entry that is not one of
   * them, and goes on to the sandbox, whose limits count by it.
   */
  trustedProxy?: (address: string) => boolean;
  /** Every exchange, with what Prism found at fault in it (request or response), as it happens. */
  onExchange?: (exchange: Exchange) => void;
  /**
   * The control API at `/__mock/` (rules, journal, fixture; issue 32), answered to the same clients as the outbox,
   * and the faults and latency it and `Prefer` ask for, injected here before and after Prism.
   */
  control?: Control;
  /** The e-mail address of an access token's user (the journal's `caller`), when the sandbox runs. */
  callerOf?: (accessToken: string) => string | undefined;
  log?: (line: string) => void;
}

// The outbox is the mock's only page: it runs no script, and its links carry tokens (no Referer).
const OUTBOX_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

export type { Exchange };

export type RunningFront = RunningServer;

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** Prism refuses a body past 10 MiB (its own limit); the front refuses it first, before holding any of it. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** A problem answer of the front's own (the control API's), with CORS so a page can read it. */
function problemReply(req: IncomingMessage, res: ServerResponse, status: number, title: string, detail: string): void {
  const answer = problemAnswer(req.headers.origin, status, title, detail);
  if (answer.kind === 'cut') return void req.socket.destroy();
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
  res.end(answer.body);
}

/**
 * The mock's public address: a thin layer in front of Prism. It turns a request that matches a scenario account
 * into Prism's `Prefer` choice (a client's own `Prefer` wins), answers CORS preflights for any header (`prefer`
 * included), and turns Prism's verdict on an invalid request (its `sl-violations` header, or its own problem in
 * proxy mode) into our 422 problem with every broken rule in `errors`. Prism validates and answers everything.
 */
export function startMockFront(options: MockFrontOptions): Promise<RunningFront> {
  const match = scenarioMatcher(options.scenarios ?? []);
  const target = options.target.replace(/\/+$/, '');
  const trusted = options.trustedProxy ?? isLoopback;
  // Prism (and the sandbox behind it, when it runs) answers what passes the front.
  const backend: Backend = async (call) => {
    const answer = await fetch(`${target}${call.url.pathname}${call.url.search}`, {
      method: call.method,
      headers: call.headers,
      redirect: 'manual',
      // The DOM's BodyInit takes only ArrayBuffer-backed bytes (web's e2e specs check this file with the DOM lib).
      ...(call.body.length && call.method !== 'GET' && call.method !== 'HEAD'
        ? { body: call.body as Uint8Array<ArrayBuffer> }
        : {}),
    });
    return { status: answer.status, headers: answer.headers, body: new Uint8Array(await answer.arrayBuffer()) };
  };
  const core: CoreOptions = {
    transport: 'http',
    backend,
    control: options.control,
    match,
    sandboxHandles: options.sandbox?.handles,
    callerOf: options.callerOf,
    onExchange: options.onExchange,
    log: options.log,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = req.headers.origin;
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS' && origin && req.headers['access-control-request-method']) {
      res.writeHead(204, {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': METHODS,
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
        'access-control-max-age': '600',
        vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        'content-length': '0',
      });
      return void res.end();
    }
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    const client = clientAddress(req.socket.remoteAddress ?? '', req.headers['x-forwarded-for'], trusted);
    if (options.outbox && /^\/outbox(\/|$)/i.test(url.pathname)) {
      const access = outboxAccess(client, req.headers.authorization, options.outboxToken);
      if (access !== 'allowed') return outboxRefused(req, res, access);
      return void outboxAnswer(req, res, url, options.outbox).catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The outbox could not be read.');
      });
    }
    if (options.files && url.pathname.startsWith(FILES_PREFIX) && (method === 'GET' || method === 'HEAD')) {
      const file = await options.files(url.pathname, url.searchParams);
      res.writeHead(file.status, file.headers);
      return void res.end(method === 'HEAD' ? undefined : file.body);
    }
    const { control } = options;
    if (control && (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`))) {
      const access = outboxAccess(client, req.headers.authorization, options.outboxToken);
      if (access !== 'allowed') return outboxRefused(req, res, access);
      const body = await readBody(req, MAX_BODY_BYTES);
      if (body === 'too large') return tooLarge(req, res);
      const sent = body.length ? parseJson(body, 'application/json') : undefined;
      if (body.length && sent === undefined) return problemReply(req, res, 400, 'Bad request', 'The body is not JSON.');
      const answer = await controlAnswer(control, method, url.pathname, url.searchParams, sent);
      return jsonAnswer(req, res, answer?.status ?? 404, answer?.body);
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === 'too large') return tooLarge(req, res);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (isHopByHop(name) || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const answer = await answerCall(core, { method, url, headers, body, client });
    if (answer.kind === 'cut') return void req.socket.destroy();
    res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
    res.end(method === 'HEAD' ? undefined : answer.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A client gone before its body was read is owed nothing.
      if (req.destroyed) return void res.destroy();
      options.log?.(`mock front: ${String(error)}`);
      if (res.headersSent) return void res.end();
      const problem = {
        type: 'https://errors.runofshow.dev/bad-gateway',
        title: 'Bad gateway',
        status: 502,
        detail: `The mock behind this address did not answer: ${String(error)}`,
      };
      res.writeHead(502, {
        'content-type': 'application/problem+json',
        ...corsHeaders(req.headers.origin, []),
      });
      res.end(JSON.stringify(problem));
    });
  });
  return listen(server, options.port, options.host);
}

/** A control API answer: JSON, or nothing (204). */
function jsonAnswer(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  const payload = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(payload ? { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } : {}),
    'content-length': String(Buffer.byteLength(payload)),
    'cache-control': 'no-store',
    ...corsHeaders(req.headers.origin, []),
  });
  res.end(payload);
}

/**
 * 413 for a body past the limit, declared or counted: nothing more of it is read or held, and the connection closes
 * once the answer is out.
 */
function tooLarge(req: IncomingMessage, res: ServerResponse): void {
  const payload = JSON.stringify({
    type: 'https://errors.runofshow.dev/content-too-large',
    title: 'Content too large',
    status: 413,
    detail: `The mock takes bodies of at most ${MAX_BODY_BYTES} bytes (10 MiB, Prism's own limit).`,
  });
  res.shouldKeepAlive = false;
  res.writeHead(413, {
    'content-type': 'application/problem+json',
    'content-length': String(Buffer.byteLength(payload)),
    connection: 'close',
    ...corsHeaders(req.headers.origin, []),
  });
  res.end(payload);
}

/** 401 asking for the outbox token, or 403 when none was set: the outbox is then this machine's alone. */
function outboxRefused(req: IncomingMessage, res: ServerResponse, access: 'ask' | 'refused'): void {
  req.resume();
  const body =
    access === 'ask'
      ? 'The outbox needs its token (MOCK_OUTBOX_TOKEN) as the password.'
      : 'The outbox answers only on the machine the mock runs on (set MOCK_OUTBOX_TOKEN to open it to others).';
  res.writeHead(access === 'ask' ? 401 : 403, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...OUTBOX_HEADERS,
    ...(access === 'ask' ? { 'www-authenticate': 'Basic realm="outbox", charset="UTF-8"' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The outbox page and its stylesheet, GET and HEAD only, with the outbox's own headers. */
async function outboxAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  outbox: NonNullable<MockFrontOptions['outbox']>,
): Promise<void> {
  req.resume();
  const method = req.method ?? 'GET';
  const page =
    method === 'GET' || method === 'HEAD' ? await outbox(url.pathname.toLowerCase(), url.searchParams) : undefined;
  const answer = page ?? {
    status: method === 'GET' || method === 'HEAD' ? 404 : 405,
    type: 'text/plain; charset=utf-8',
    body: method === 'GET' || method === 'HEAD' ? 'Not found' : 'Method not allowed',
    headers: method === 'GET' || method === 'HEAD' ? {} : { Allow: 'GET, HEAD' },
  };
  const body = Buffer.from(answer.body);
  res.writeHead(answer.status, {
    'content-type': answer.type,
    'content-length': String(body.length),
    ...OUTBOX_HEADERS,
    ...answer.headers,
  });
  res.end(method === 'HEAD' ? undefined : body);
}
