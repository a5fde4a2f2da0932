import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ProxyListener } from '@runofshow/sdk/proxy-listener';
import { listen, type RunningServer } from './listen.js';
import { redactPath } from './redact-path.js';
import type { OutboxPage } from './sandbox/outbox-page.js';
import { type CspOptions, isCaptchaRoute, isTokenRoute, securityHeaders } from './security-headers.js';
import { type Hit, type Mount, siteMounts } from './site-mounts.js';
import { sendText } from './site-send.js';

export interface SiteOptions {
  port: number;
  host?: string;
  /** Built sign-in app (web/dist). */
  appDir: string;
  /** Built reference docs folder (openapi/dist/docs). */
  docsDir: string;
  /** Built component gallery (web/dist-gallery), served at /gallery/ when present. */
  galleryDir?: string;
  /**
   * Handles `/api/…` (proxy mode): the SDK's node:http listener (`createProxyListener`), which counts the body against
   * its own `maxBodyBytes`; without it, /api answers 404.
   */
  apiListener?: ProxyListener;
  /** The API the app calls in direct mode (the mock), written into the page and allowed by connect-src. */
  apiEndpoint: string;
  /** The key the app sends in direct mode, written into the page (never into a script); none in proxy mode. */
  apiKey?: string;
  /** Stands in for the backend's `/sso/login/{domain}`: resolves where to send the browser. */
  ssoStart?: (domain: string) => Promise<string>;
  /** Further run-time settings written into the app's `<meta name="…" content="">` tags (e.g. `api-mode`). */
  meta?: Record<string, string>;
  /** The sandbox's outbox page and its stylesheet (`/outbox/…`), when the sandbox runs. */
  outbox?: (path: string, query: URLSearchParams) => OutboxPage | undefined;
  /** Milliseconds a client may take to send a request's headers and body (30 000); then 408 and the end. */
  requestTimeoutMs?: number;
  /** Host names (with port) the site answers to besides 127.0.0.1, localhost and [::1] on its port. */
  hosts?: readonly string[];
  /** One line per refused or failed request, tokens redacted, no stack (console.error by default). */
  log?: (line: string) => void;
}

export type RunningSite = RunningServer;
export type { Hit, Mount };

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

const matches = (path: string, prefix: string) => {
  const lower = path.toLowerCase();
  return lower === prefix || lower.startsWith(`${prefix}/`);
};

/** The mount that answers a path: the first whose prefix it equals or continues with a `/`, in any case. */
export function mountFor(mounts: readonly Mount[], path: string): Mount | undefined {
  return mounts.find((mount) => matches(path, mount.prefix));
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** An empty answer written straight to a socket Node gave up on, with the site's security headers. */
function rawAnswer(status: number, extra: Record<string, string> = {}): string {
  const headers = Object.entries({ ...securityHeaders(), 'Cache-Control': 'no-store', ...extra })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${REASONS[status]}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`;
}

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/i;

/** Serves the sign-in app, the docs, the dashboard placeholder and the `/api` proxy on one origin. */
export async function startSite(options: SiteOptions): Promise<RunningSite> {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const log = options.log ?? ((line: string) => console.error(line));
  const apiOrigin = new URL(options.apiEndpoint).origin;
  const mounts = siteMounts(options);
  const hosts = new Set<string>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    const path = decodePath(target);
    const page = (csp: CspOptions = {}) => {
      const headers = securityHeaders({
        connect: [apiOrigin],
        captcha: path !== undefined && isCaptchaRoute(path),
        tokenInUrl: path !== undefined && isTokenRoute(path),
        ...csp,
      });
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    };
    page();
    const host = req.headers.host ?? '';
    // Node keeps the first of several Host headers; a request with more than one must be refused (RFC 9112 §3.2).
    const hostLines = req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i]?.toLowerCase() === 'host');
    if (hostLines.length !== 1 || !HOST.test(host) || !hosts.has(host.toLowerCase())) {
      return sendText(res, 400, 'Unknown host');
    }
    if (path === undefined) return sendText(res, 400, 'Malformed path');
    const mount = mountFor(mounts, path);
    if (!mount) return sendText(res, 404, 'Not found');
    const hit: Hit = {
      req,
      res,
      path,
      rest: path.slice(mount.prefix.length),
      url: new URL(target, `http://${host}`),
      pageHeaders: page,
    };
    await mount.serve(hit);
  }

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
      res.on('finish', () => {
        const refused = res.statusCode >= 400 && !(res.statusCode === 404 && !/^\/api(\/|$)/i.test(req.url ?? ''));
        if (refused) log(`site: ${req.method} ${redactPath(req.url ?? '')} → ${res.statusCode}`);
      });
      handle(req, res).catch((error: unknown) => {
        // A body cut short by the client (or by the time limit, already answered 408) is no failure of ours.
        if (req.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') return void res.destroy();
        log(`site: ${req.method} ${redactPath(req.url ?? '')} failed: ${String(error).split('\n')[0]}`);
        if (!res.headersSent) sendText(res, 500, 'Internal error');
        else res.end();
      });
    },
  );
  // Requests Node refuses before a handler sees them (a malformed request line or header, headers or a body past
  // their time): a 4xx with the site's security headers, one log line, and the connection closed.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const code = error.code ?? 'unknown';
    const status = code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const answered = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent;
    // A client that went away (or one already answered) is owed nothing, and its request was logged already.
    const gone = code === 'ECONNRESET' || code === 'HPE_INVALID_EOF_STATE' || !socket.writable || answered;
    if (gone) return void socket.destroy();
    log(`site: refused a request (${code}) → ${status}`);
    socket.end(rawAnswer(status));
  });
  // CONNECT (a tunnel request) never reaches the request handler: Node would drop the connection without a word.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    log(`site: ${req.method} ${redactPath(req.url ?? '')} → 405`);
    socket.end(rawAnswer(405, { Allow: 'GET, HEAD, POST' }));
  });
  // An Expect other than 100-continue: Node would answer 417 itself, without the security headers or a log line.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    log(`site: ${req.method} ${redactPath(req.url ?? '')} → 417`);
    for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
    sendText(res, 417, 'Expectation failed');
  });
  const running = await listen(server, options.port, options.host);
  const port = new URL(running.url).port;
  for (const name of ['127.0.0.1', 'localhost', '[::1]', options.host ?? '127.0.0.1']) hosts.add(`${name}:${port}`);
  for (const name of options.hosts ?? []) hosts.add(name.toLowerCase());
  return running;
}
