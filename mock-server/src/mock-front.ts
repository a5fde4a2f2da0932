import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, type RunningServer } from '@runofshow/devkit/listen';
import { clientAddress, isLoopback } from './client-address.js';
import { CONTROL_PREFIX, controlAnswer } from './control/api.js';
import type { Control } from './control/control.js';
import { type Decision, describeFault, type Fault, faultAnswer } from './control/faults.js';
import { journalBody } from './control/journal.js';
import { operationOf } from './control/operations.js';
import { readPrefer } from './control/prefer.js';
import type { Exchange } from './exchange.js';
import { outboxAccess } from './outbox-access.js';
import { readBody } from './read-body.js';
import { redactPath } from './redact-path.js';
import { FILES_PREFIX, type FileAnswer } from './sandbox/engine/files.js';
import type { OutboxPage } from './sandbox/outbox-page.js';
import { scenarioMatcher } from './scenario-match.js';
import type { Scenario } from './scenarios.js';
import {
  readViolations,
  requestErrors,
  VIOLATIONS_HEADER,
  validationProblem,
  violationsInPrismProblem,
} from './violations.js';

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
  outbox?: (path: string, query: URLSearchParams) => OutboxPage | undefined;
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

/** Scenario name of the answer, for QA reading the network panel. */
export const SCENARIO_HEADER = 'x-mock-scenario';
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
  'expect',
  'proxy-connection',
]);
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** Prism refuses a body past 10 MiB (its own limit); the front refuses it first, before holding any of it. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * CORS for any origin: the API authenticates with a header and query parameters, never cookies, so any page may
 * read its answers. Every response header is exposed (Retry-After, X-Request-Id, the scenario) by name, which
 * works whether or not the browser sends credentials.
 */
function corsHeaders(origin: string | undefined, exposed: string[]): Record<string, string> {
  return {
    'access-control-allow-origin': origin ?? '*',
    ...(origin ? { vary: 'Origin' } : {}),
    ...(exposed.length ? { 'access-control-expose-headers': exposed.join(', ') } : {}),
  };
}

function isBrokenJson(body: Buffer, type: string | undefined): boolean {
  if (!body.length || !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type ?? '')) return false;
  try {
    JSON.parse(body.toString('utf8'));
    return false;
  } catch {
    return true;
  }
}

/** A problem answer of the front's own, with CORS so a page can read it. */
function problemAnswer(req: IncomingMessage, res: ServerResponse, status: number, title: string, detail: string): void {
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  const payload = JSON.stringify({ type: `https://errors.runofshow.dev/${slug}`, title, status, detail });
  res.writeHead(status, {
    'content-type': 'application/problem+json',
    'content-length': String(Buffer.byteLength(payload)),
    'cache-control': 'no-store',
    ...corsHeaders(req.headers.origin, []),
  });
  res.end(payload);
}

function parseJson(body: Buffer, type: string | undefined): unknown {
  if (!body.length || !/\bjson\b/i.test(type ?? '')) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
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
      return outboxAnswer(req, res, url, options.outbox);
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
      if (body.length && sent === undefined)
        return problemAnswer(req, res, 400, 'Bad request', 'The body is not JSON.');
      const answer = await controlAnswer(control, method, url.pathname, url.searchParams, sent);
      return jsonAnswer(req, res, answer?.status ?? 404, answer?.body);
    }
    const started = performance.now();
    const at = new Date().toISOString();
    const seq = control?.journal.take() ?? 0;
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === 'too large') return tooLarge(req, res);
    // Prism never answers a JSON request whose body is not JSON (it held each one ~300 s, then dropped it): the front
    // answers it at once, as the description's 400 says.
    if (isBrokenJson(body, req.headers['content-type'])) {
      return problemAnswer(req, res, 400, 'Bad request', 'The body is not valid JSON.');
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (HOP_BY_HOP.has(name) || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    // Whoever called, the sandbox behind Prism learns the client's address from this one entry, never the caller's.
    headers.set('x-forwarded-for', client);
    const operationId = operationOf(method, url.pathname);
    const requestId = req.headers['x-request-id']?.toString();
    let decision: Decision | undefined;
    if (control) {
      const preferred = readPrefer(headers.get('prefer'));
      if (preferred.error) return problemAnswer(req, res, 400, 'Bad request', `Prefer: ${preferred.error}`);
      if (preferred.rest === undefined) headers.delete('prefer');
      else headers.set('prefer', preferred.rest);
      decision = preferred.decision ?? control.faults.decide({ operationId, requestId });
    }
    const journal = (status: number | null, violations: string[], applied: boolean) =>
      control?.journal.record({
        seq,
        at,
        method,
        path: redactPath(url.pathname),
        operationId: operationId ?? null,
        transport: 'http',
        requestId: requestId ?? null,
        idempotencyKey: req.headers['idempotency-key']?.toString() ?? null,
        caller: callerOf(options, url.searchParams.get('accessToken')),
        status,
        durationMs: performance.now() - started,
        fault: decision?.fault ? describeFault(decision.fault) : null,
        applied,
        violations,
        body: journalBody(parseJson(body, req.headers['content-type'])),
      });
    const fault = decision?.fault;
    if (decision?.latencyMs) await sleep(decision.latencyMs);
    if (fault?.kind === 'status') {
      sendFault(req, res, fault, fault.status, fault.retryAfter, requestId);
      return void journal(fault.status, [], false);
    }
    if (fault?.kind === 'cut') {
      req.socket.destroy();
      return void journal(null, [], false);
    }
    if (fault?.kind === 'stall') await sleep(fault.ms);
    const scenario = headers.has('prefer')
      ? undefined
      : match({
          method,
          path: url.pathname,
          query: url.searchParams,
          body: parseJson(body, req.headers['content-type']),
        });
    if (scenario) {
      headers.set('prefer', scenario.prefer);
      options.log?.(`scenario "${scenario.name}": ${method} ${redactPath(url.pathname)} → Prefer: ${scenario.prefer}`);
    }
    const toSandbox = Boolean(!headers.has('prefer') && options.sandbox?.handles(method, url.pathname));
    const answer = await fetch(`${target}${url.pathname}${url.search}`, {
      method,
      headers,
      redirect: 'manual',
      ...(body.length && method !== 'GET' && method !== 'HEAD' ? { body } : {}),
    });
    let payload = Buffer.from(await answer.arrayBuffer());
    const listed = readViolations(answer.headers.get(VIOLATIONS_HEADER));
    const violations = listed.length ? listed : violationsInPrismProblem(payload, answer.headers.get('content-type'));
    // Exchanges are printed (`npm run mock`, `mock:proxy`): a token in the path never is.
    const exchange = { method, path: redactPath(url.pathname), status: answer.status, violations, sandbox: toSandbox };
    options.onExchange?.(exchange);
    const verdict = violations.map((v) => `${v.location.join('.')}: ${v.message}`);
    const applied =
      toSandbox &&
      method !== 'GET' &&
      method !== 'HEAD' &&
      answer.status < 400 &&
      !answer.headers.has('idempotent-replayed');
    if (fault?.kind === 'lost') {
      // Applied behind Prism; the client never learns how.
      if (fault.as === 'cut') req.socket.destroy();
      else sendFault(req, res, fault, 503, undefined, requestId);
      return void journal(fault.as === 'cut' ? null : 503, verdict, applied);
    }

    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name) && !name.startsWith('access-control-') && name !== 'content-encoding') {
        out[name] = value;
      }
    });
    if (scenario) out[SCENARIO_HEADER] = scenario.name;
    const refused = requestErrors(violations);
    let status = answer.status;
    if (refused.length) {
      status = 422;
      payload = Buffer.from(
        JSON.stringify(validationProblem(refused, url.pathname, req.headers['x-request-id']?.toString() ?? null)),
      );
      out['content-type'] = 'application/problem+json';
    }
    Object.assign(out, corsHeaders(origin, Object.keys(out)));
    out['content-length'] = String(payload.length);
    res.writeHead(status, out);
    res.end(method === 'HEAD' ? undefined : payload);
    journal(status, verdict, applied);
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function callerOf(options: MockFrontOptions, accessToken: string | null): string | null {
  return (accessToken && options.callerOf?.(accessToken)) || null;
}

/** A status fault's answer (or a lost answer's 503), readable by a page. */
function sendFault(
  req: IncomingMessage,
  res: ServerResponse,
  fault: Fault,
  status: Parameters<typeof faultAnswer>[0],
  retryAfter: number | undefined,
  requestId: string | undefined,
): void {
  const answer = faultAnswer(status, retryAfter, requestId, fault);
  res.writeHead(answer.status, {
    ...answer.headers,
    'content-length': String(Buffer.byteLength(answer.body)),
    ...corsHeaders(req.headers.origin, Object.keys(answer.headers)),
  });
  res.end(req.method === 'HEAD' ? undefined : answer.body);
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
function outboxAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  outbox: NonNullable<MockFrontOptions['outbox']>,
): void {
  req.resume();
  const method = req.method ?? 'GET';
  const page = method === 'GET' || method === 'HEAD' ? outbox(url.pathname.toLowerCase(), url.searchParams) : undefined;
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
