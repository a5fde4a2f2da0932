import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { listen } from '@runofshow/devkit/listen';
import type { OperationTable } from '@runofshow/sdk';
import { createProxyListener } from '@runofshow/sdk/proxy-listener';
import { apiMount } from './api-mount.js';
import { appMount } from './app-mount.js';
import { API_BODY_BUDGET_BYTES, BodyBudget } from './body-budget.js';
import type { ApiMode } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { HostMetrics } from './metrics.js';
import { type Hit, type Mount, mountFor, readOnly } from './mount.js';
import { allowListOf } from './operation-manifest.js';
import { Readiness } from './readiness.js';
import { redactPath } from './redact-path.js';
import { APP_BASE, cacheControl, isCaptchaRoute, isTokenRoute } from './routes.js';
import { type CspOptions, cspSource, securityHeaders } from './security-headers.js';
import { redirect, send, sendText } from './send.js';
import { staticFiles } from './static-files.js';

export interface HostOptions {
  port: number;
  /** The address to listen on (127.0.0.1 by default here; `npm run serve` defaults to 0.0.0.0). */
  host?: string;
  /** The built sign-in app (web/dist). */
  appDir: string;
  /** The backend's origin. */
  apiOrigin: string;
  /** `proxy`: the page calls this host's /api, which adds the key. `direct`: the page calls the backend with it. */
  apiMode: ApiMode;
  apiKey: string;
  /** The hCaptcha site key the pages carry; none runs the app without a captcha. */
  hcaptchaSitekey?: string | undefined;
  /**
   * §9 monitoring: the collector the pages send errors, web vitals and replays to (the page's `rum-endpoint`
   * setting, and the CSP lets the page reach it); none, the page loads no monitoring and sends nothing.
   */
  rumEndpoint?: string | undefined;
  /** What /api passes (by default the operations the built app calls: its build's manifest). */
  operations?: OperationTable;
  /** Believe `X-Forwarded-Proto` and `X-Forwarded-Host` (and `X-Forwarded-For` in logs) from a load balancer. */
  trustProxy?: boolean;
  /** Further mounts, tried after the host's own (`npm start` adds its development pages here). */
  mounts?: readonly Mount[];
  /** Host names (with port) answered besides the loopback names on its port, when it listens on loopback. */
  hosts?: readonly string[];
  logger?: Logger;
  /** Where metrics are counted (a registry of its own by default; `startMetricsServer` serves it). */
  metrics?: HostMetrics;
  /** Milliseconds a client may take to send a request's headers and body (30 000); then 408 and the end. */
  requestTimeoutMs?: number;
  /** Milliseconds the backend may take to answer a proxied call before the visitor gets a 504 (10 000). */
  upstreamTimeoutMs?: number;
  /** Largest `/api` request body, counted as it arrives (the proxy's 10 MiB by default). */
  maxBodyBytes?: number;
  /** What `/api` bodies in flight may hold in all (64 MiB); past it 503 with Retry-After. */
  apiBodyBudgetBytes?: number;
  /** Milliseconds a connection the host has answered and half-closed may stay open before it is cut (2 000). */
  lingerMs?: number;
  /** The backend probe behind /readyz (on demand, reused for a second). */
  readiness?: Readiness;
  /** The transport of proxied calls (the global fetch, timed into the metrics). */
  fetch?: typeof globalThis.fetch;
}

export interface RunningHost {
  url: string;
  server: Server;
  readiness: Readiness;
  metrics: HostMetrics;
  logger: Logger;
  /**
   * SIGTERM's sequence: /readyz turns 503 at once, requests keep being served for `delayMs` (a load balancer sees the
   * host leave), then the listener closes, in-flight requests get `timeoutMs` to finish, and what is left is cut.
   */
  shutdown(delayMs: number, timeoutMs: number): Promise<void>;
  /** Stops at once: the listener and every connection. */
  stop(): Promise<void>;
}

/** The whole path, dot segments resolved as a browser resolves them, then decoded as the app's router decodes it. */
function decodePath(target: string): string | undefined {
  if (!target.startsWith('/')) return undefined;
  try {
    const path = decodeURI(new URL(`http://site.invalid${target}`).pathname);
    // No page has a control character in its path; one that decodes to NUL or a line break is an attack.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
    return /[\u0000-\u001f\u007f]/.test(path) ? undefined : path;
  } catch {
    return undefined;
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** An empty answer written straight to a socket Node gave up on, with the security headers. */
function rawAnswer(status: number, extra: Record<string, string> = {}): string {
  const headers = Object.entries({ ...securityHeaders(), 'Cache-Control': cacheControl.refusal, ...extra })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${REASONS[status]}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`;
}

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/i;
const REQUEST_ID = /^[\w-]{1,64}$/;

/** The first value of a header a load balancer sets (`X-Forwarded-Proto: https, http` names the first hop first). */
const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
const nearest = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : value)?.split(',').at(-1)?.trim();

/**
 * The production host of the sign-in app: the app's build with its settings written into the page, the `/api` proxy
 * (allow-listed, proxy mode only), `/healthz` and `/readyz`, and any further mounts; the security headers on every
 * answer, one JSON log line and one metric sample per request, bounded time and size for every client.
 */
/** The proxy listener's own limit on one body (its default), which the body budget reserves for a chunked one. */
const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const lingerMs = options.lingerMs ?? 2000;
  const logger = options.logger ?? createLogger('info', options.apiKey);
  const metrics = options.metrics ?? new HostMetrics();
  const readiness = options.readiness ?? new Readiness({ apiOrigin: options.apiOrigin });
  const trustProxy = options.trustProxy ?? false;
  const direct = options.apiMode === 'direct';
  const allowList = options.operations ?? (direct ? {} : allowListOf(options.appDir));
  const listener = direct
    ? undefined
    : createProxyListener({
        endpoint: options.apiOrigin,
        apiKey: options.apiKey,
        operations: allowList,
        // Behind a trusted load balancer the visitor's chain of addresses goes on with the peer appended; otherwise a
        // caller's own X-Forwarded-* is dropped and the chain starts with the peer.
        trustProxy,
        timeoutMs: options.upstreamTimeoutMs ?? 10_000,
        ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
        // The listener's own node:http transport unless a fetch is given (tests): it decodes a compressed answer
        // strictly, where fetch ends one cut inside its gzip stream as if complete (issue 29 F5).
        ...(options.fetch ? { fetch: options.fetch } : {}),
        onUpstream: ({ seconds, status, error }) =>
          error === undefined
            ? metrics.upstream('answer', seconds, status)
            : metrics.upstream((error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable', seconds),
      });
  const forwarded = (req: IncomingMessage) => {
    if (!trustProxy) return undefined;
    const proto = first(req.headers['x-forwarded-proto'])?.toLowerCase();
    const host = first(req.headers['x-forwarded-host']);
    return {
      ...(proto === 'https' || proto === 'http' ? { proto } : {}),
      ...(host && HOST.test(host) ? { host } : {}),
    };
  };
  const https = (req: IncomingMessage) => 'encrypted' in req.socket || forwarded(req)?.proto === 'https';

  const health: Mount[] = [
    {
      prefix: '/healthz',
      serve: readOnly((hit) => hit.send(200, 'application/json', '{"status":"ok"}', { 'Cache-Control': 'no-store' })),
    },
    {
      prefix: '/readyz',
      serve: readOnly(async (hit) => {
        const state = await readiness.state();
        const body = JSON.stringify({ status: state });
        hit.send(state === 'ready' ? 200 : 503, 'application/json', body, { 'Cache-Control': 'no-store' });
      }),
    },
  ];
  const mounts: Mount[] = [
    apiMount({
      ...(listener ? { listener } : {}),
      known: new Set(Object.keys(allowList)),
      forwarded,
      budget: new BodyBudget(
        options.apiBodyBudgetBytes ?? API_BODY_BUDGET_BYTES,
        options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      ),
    }),
    ...health,
    appMount({
      appDir: options.appDir,
      meta: {
        // Proxy mode: the page calls its own origin and holds neither the backend's address nor a key.
        'api-endpoint': direct ? options.apiOrigin : '',
        'api-key': direct ? options.apiKey : '',
        'api-mode': options.apiMode,
        // No site key makes the app run without a captcha and say so in the console.
        'hcaptcha-sitekey': options.hcaptchaSitekey ?? '',
        'rum-endpoint': options.rumEndpoint ?? '',
      },
    }),
    ...(options.mounts ?? []),
    {
      prefix: '',
      label: () => '/',
      serve: readOnly((hit) =>
        hit.path === '/' ? hit.redirect(302, `${APP_BASE}/login`) : hit.sendText(404, 'Not found'),
      ),
    },
  ];
  const connect = [
    ...(direct ? [options.apiOrigin] : []),
    ...(options.rumEndpoint ? [cspSource(options.rumEndpoint)] : []),
  ];
  const folders = new Map<string, ReturnType<typeof staticFiles>>();
  const filesOf = (root: string) => {
    let files = folders.get(root);
    if (!files) {
      files = staticFiles(root);
      folders.set(root, files);
    }
    return files;
  };
  const hosts = new Set<string>();
  let strictHosts = true;
  let inFlight = 0;
  let onIdle: (() => void) | undefined;
  // Requests Node cut short with a raw answer (408 past the time limit): logged with that status when they close.
  const answeredRaw = new WeakMap<ServerResponse, number>();

  /** One JSON line and one metric sample per request, when its answer is sent or its client is gone. */
  function record(req: IncomingMessage, res: ServerResponse, id: string, route: () => string) {
    const started = performance.now();
    inFlight++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight--;
      const seconds = (performance.now() - started) / 1000;
      const status = answeredRaw.get(res) ?? (res.writableFinished ? res.statusCode : 499);
      metrics.request(route(), req.method ?? 'GET', status, seconds);
      // The entry the trusted balancer appended, not the leftmost, which is whatever the visitor sent (issue 29).
      const remote = (trustProxy && nearest(req.headers['x-forwarded-for'])) || req.socket.remoteAddress;
      logger.info(
        {
          reqId: id,
          method: req.method,
          route: route(),
          path: redactPath(req.url ?? ''),
          status,
          durationMs: Math.round(seconds * 10_000) / 10,
          remote,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
      if (inFlight === 0) onIdle?.();
    };
    res.once('finish', finish);
    res.once('close', finish);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, setRoute: (route: string) => void): Promise<void> {
    const target = req.url ?? '/';
    const path = decodePath(target);
    const pageHeaders = (csp: CspOptions = {}) => {
      const headers = securityHeaders({
        connect,
        captcha: path !== undefined && isCaptchaRoute(path),
        tokenInUrl: path !== undefined && isTokenRoute(path),
        https: https(req),
        ...csp,
      });
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    };
    pageHeaders();
    if (readiness.draining) res.setHeader('Connection', 'close');
    // Only /api reads a body. Any other path answered one by reading and discarding it, whatever its size, for up to
    // 30 s (issue 29 F4): its connection now closes once the answer is out, so nothing more of the body is read.
    const carriesBody =
      (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') ||
      req.headers['transfer-encoding'] !== undefined;
    if (carriesBody && !/^\/api(\/|$)/i.test(path ?? '')) res.setHeader('Connection', 'close');
    const host = req.headers.host ?? '';
    // Node keeps the first of several Host headers; a request with more than one must be refused (RFC 9112 §3.2).
    const hostLines = req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i]?.toLowerCase() === 'host');
    const knownHost = !strictHosts || hosts.has(host.toLowerCase());
    if (hostLines.length !== 1 || !HOST.test(host) || !knownHost) return sendText(res, 400, 'Unknown host');
    if (path === undefined) return sendText(res, 400, 'Malformed path');
    const mount = mountFor(mounts, path);
    if (!mount) return sendText(res, 404, 'Not found');
    const rest = path.slice(mount.prefix.length);
    setRoute(mount.label?.({ rest }) ?? mount.prefix);
    const hit: Hit = {
      req,
      res,
      path,
      rest,
      url: new URL(target, `http://${host}`),
      pageHeaders,
      send: (...args) => send(res, ...args),
      sendText: (...args) => sendText(res, ...args),
      redirect: (...args) => redirect(res, ...args),
      files: (root) => filesOf(root)(req, res, encodeURI(rest)),
    };
    await mount.serve(hit);
  }

  /** Ends a connection the host has answered, and cuts it if the client neither reads nor closes (issue 20 point 9). */
  const endSocket = (socket: Socket, answer: string) => {
    socket.end(answer);
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };

  const server = createServer(
    {
      requestTimeout,
      headersTimeout: requestTimeout,
      // A request without Host is answered below, with the security headers, not by Node's bare 400.
      requireHostHeader: false,
      // How often Node looks for requests past their time; its default (30 s) would double the bound.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(requestTimeout / 4))),
    },
    (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      let route = 'refused';
      record(req, res, id, () => route);
      handle(req, res, (found) => {
        route = found;
      }).catch((error: unknown) => {
        // A body cut short by the client (or by the time limit, already answered 408) is no failure of ours.
        if (req.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') return void res.destroy();
        logger.error({ reqId: id, err: String(error).split('\n')[0] }, 'request failed');
        if (!res.headersSent) sendText(res, 500, 'Internal error');
        else res.end();
      });
    },
  );
  // Requests Node refuses before a handler sees them (a malformed request line or header, headers or a body past
  // their time): a 4xx with the security headers, one log line, and the connection ended, then cut if need be.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const code = error.code ?? 'unknown';
    const status = code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    // A client that went away (or one already answered) is owed nothing, and its request is logged when it closes.
    const gone = code === 'ECONNRESET' || code === 'HPE_INVALID_EOF_STATE' || !socket.writable || pending?.headersSent;
    if (gone) return void socket.destroy();
    // A request under way (its body too slow) has its log line and sample when it closes; any other refusal its own.
    if (pending) answeredRaw.set(pending, status);
    else {
      logger.info({ code, status, remote: socket.remoteAddress }, 'refused');
      metrics.request('refused', 'other', status, 0);
    }
    endSocket(socket, rawAnswer(status));
  });
  // CONNECT (a tunnel request) never reaches the request handler: Node would drop the connection without a word.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    logger.info({ method: req.method, path: redactPath(req.url ?? ''), status: 405 }, 'refused');
    metrics.request('refused', 'other', 405, 0);
    endSocket(socket, rawAnswer(405, { Allow: 'GET, HEAD, POST' }));
  });
  // An Expect other than 100-continue: Node would answer 417 itself, without the security headers or a log line.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    record(req, res, randomUUID(), () => 'refused');
    for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
    sendText(res, 417, 'Expectation failed');
  });

  const bound = options.host ?? '127.0.0.1';
  const running = await listen(server, options.port, bound);
  const port = new URL(running.url).port;
  // On loopback, only its own names (and those given) are answered: a page on another name resolving to this
  // machine (DNS rebinding) gets nothing. A public host is reached by whatever names its DNS gives it.
  strictHosts = LOOPBACK.test(bound);
  for (const name of ['127.0.0.1', 'localhost', '[::1]', bound]) hosts.add(`${name}:${port}`);
  for (const name of options.hosts ?? []) hosts.add(name.toLowerCase());

  const idle = () =>
    new Promise<void>((resolve) => {
      if (inFlight === 0) return resolve();
      onIdle = resolve;
    });

  return {
    url: running.url,
    server,
    readiness,
    metrics,
    logger,
    async shutdown(delayMs, timeoutMs) {
      readiness.drain();
      logger.info({ delayMs, timeoutMs }, 'draining: /readyz answers 503');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      logger.info({ inFlight }, 'stopped accepting; waiting for requests in flight');
      const timer = setTimeout(() => {
        logger.warn({ inFlight }, 'requests still in flight at the shutdown timeout: cut');
        server.closeAllConnections();
      }, timeoutMs);
      await idle();
      server.closeIdleConnections();
      await closed;
      clearTimeout(timer);
      logger.info('stopped');
    },
    stop: running.stop,
  };
}
