import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { dashPlaceholder, dashPlaceholderCss } from './dash-placeholder.js';
import { listen, type RunningServer } from './listen.js';
import type { OutboxPage } from './sandbox/outbox-page.js';
import { inlineScriptsOf, isCaptchaRoute, isTokenRoute, securityHeaders, styleElementsOf } from './security-headers.js';
import { readStatic } from './static-files.js';

export interface SiteOptions {
  port: number;
  host?: string;
  /** Built sign-in app (web/dist). */
  appDir: string;
  /** Built reference docs folder (openapi/dist/docs). */
  docsDir: string;
  /** Built component gallery (web/dist-gallery), served at /gallery/ when present. */
  galleryDir?: string;
  /** Handles `/api/…` (proxy mode), a fetch-standard handler; without one, /api answers 404. */
  api?: (request: Request) => Promise<Response>;
  /** The API the app calls in direct mode (the mock), written into the page and allowed by connect-src. */
  apiEndpoint: string;
  /** Stands in for the backend's `/sso/login/{domain}`: resolves where to send the browser. */
  ssoStart?: (domain: string) => Promise<string>;
  /** Further run-time settings written into the app's `<meta name="…" content="">` tags (e.g. `api-mode`). */
  meta?: Record<string, string>;
  /** The sandbox's outbox page and its stylesheet (`/outbox/…`), when the sandbox runs. */
  outbox?: (path: string) => OutboxPage | undefined;
}

export type RunningSite = RunningServer;

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Fills the content of the page's `<meta name="…">` tags that the app reads its run-time settings from. */
function writeMeta(html: string, values: Record<string, string>): string {
  let out = html;
  for (const [name, value] of Object.entries(values)) {
    const tag = new RegExp(`<meta name="${name}" content="[^"]*"\\s*/?>`);
    out = out.replace(tag, `<meta name="${name}" content="${attr(value)}" />`);
  }
  return out;
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json)|image\/svg\+xml)/;

/** Compressed content-hashed assets, by path: their bytes never change, so each is gzipped once. */
const packedAssets = new Map<string, Buffer>();

/**
 * Sends a response, gzip-compressed when the client accepts it and the body is text worth compressing, as any
 * production host or CDN would: the sizes a visitor downloads (and Lighthouse's simulated slow network) are then the
 * real ones, not 3× larger. `assetPath` names a content-hashed asset, whose compressed bytes are kept.
 */
function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  extra = {},
  assetPath?: string,
) {
  const gzip =
    /\bgzip\b/.test(String(res.req.headers['accept-encoding'] ?? '')) &&
    COMPRESSIBLE.test(type) &&
    Buffer.byteLength(body) > 1024;
  let payload: string | Buffer = body;
  if (gzip) {
    payload = (assetPath && packedAssets.get(assetPath)) || gzipSync(body, { level: 6 });
    if (assetPath) packedAssets.set(assetPath, payload);
  }
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(payload),
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    ...extra,
  });
  res.end(payload);
}

async function handle(options: SiteOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://site.invalid');
  const path = decodeURIComponent(url.pathname);
  const apiOrigin = new URL(options.apiEndpoint).origin;
  const setHeaders = (headers: Record<string, string>) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  };
  const pageHeaders = (styleElements: string[] = []) =>
    securityHeaders({
      connect: [apiOrigin],
      captcha: isCaptchaRoute(path),
      tokenInUrl: isTokenRoute(path),
      styleElements,
    });
  setHeaders(pageHeaders());

  if (path === '/api' || path.startsWith('/api/')) {
    if (!options.api) return send(res, 404, 'text/plain; charset=utf-8', 'Proxy mode is not enabled');
    return forward(options.api, req, res);
  }
  const sso = /^\/sso\/login\/([^/]+)\/?$/.exec(path);
  if (sso?.[1] && options.ssoStart && (req.method === 'GET' || req.method === 'HEAD')) {
    res.writeHead(302, { Location: await options.ssoStart(sso[1].toLowerCase()), 'Cache-Control': 'no-store' });
    return void res.end();
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  const outbox = options.outbox?.(path);
  if (outbox) return send(res, outbox.status, outbox.type, outbox.body, outbox.headers);
  if (path === '/' || path === '/app.login') {
    res.writeHead(302, { Location: '/app.login/login' });
    return void res.end();
  }
  if (path.startsWith('/app.login/')) {
    const asset = await readStatic(options.appDir, path.slice('/app.login/'.length));
    if (asset && !path.endsWith('.html')) {
      const cache = asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
      return send(res, 200, asset.type, asset.body, { 'Cache-Control': cache }, asset.immutable ? path : undefined);
    }
    if (path.startsWith('/app.login/assets/')) return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
    // Client-side routes: the app decides what to show, including its own not-found screen. /login, the front door,
    // comes pre-rendered by the build (web/scripts/prerender.ts) when that page exists.
    const prerendered = path === '/app.login/login' ? await readStatic(options.appDir, 'login.html') : undefined;
    const index = prerendered ?? (await readStatic(options.appDir, 'index.html'));
    if (!index) return send(res, 503, 'text/plain; charset=utf-8', 'The sign-in app is not built: run `npm start`.');
    const html = writeMeta(index.body.toString('utf8'), { 'api-endpoint': options.apiEndpoint, ...options.meta });
    // The app's stylesheet comes inline (web/scripts/inline-css.ts): allow exactly that element by its hash.
    setHeaders(pageHeaders(styleElementsOf(html)));
    return send(res, 200, index.type, html, { 'Cache-Control': 'no-cache' });
  }
  if (path === '/docs') {
    res.writeHead(301, { Location: '/docs/' });
    return void res.end();
  }
  if (path.startsWith('/docs/')) {
    // The docs page routes in the browser (history routing under /docs): every other path gets the same page.
    const rest = path.slice('/docs/'.length);
    const file =
      (await readStatic(options.docsDir, rest)) ??
      (/\.\w+$/.test(rest) ? undefined : await readStatic(options.docsDir, 'index.html'));
    if (file?.type.startsWith('text/html')) {
      // Redoc's page carries its bundle and the description inline: allow exactly those scripts by hash.
      const inlineScripts = inlineScriptsOf(file.body.toString('utf8'));
      setHeaders(securityHeaders({ inlineScripts, inlineStyles: true, blobWorkers: true }));
    }
    if (file) return send(res, 200, file.type, file.body);
    return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  }
  if (path === '/gallery') {
    res.writeHead(301, { Location: '/gallery/' });
    return void res.end();
  }
  if (path.startsWith('/gallery/') && options.galleryDir) {
    const rest = path.slice('/gallery/'.length);
    const file = (await readStatic(options.galleryDir, rest)) ?? (await readStatic(options.galleryDir, 'index.html'));
    if (file) return send(res, 200, file.type, file.body);
    return send(res, 404, 'text/plain; charset=utf-8', 'The gallery is not built');
  }
  if (path === '/dash-placeholder.css') return send(res, 200, 'text/css; charset=utf-8', dashPlaceholderCss);
  if (path === '/dash' || path.startsWith('/dash/')) {
    return send(res, 200, 'text/html; charset=utf-8', dashPlaceholder(`${url.pathname}${url.search}`));
  }
  return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
}

/** Hands a Node request to a fetch-standard handler and writes its Response back. */
async function forward(
  handler: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const body = chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
  const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`), {
    method: req.method ?? 'GET',
    headers,
    ...(body ? { body } : {}),
  });
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Serves the sign-in app, the docs and the dashboard placeholder on one origin. */
export function startSite(options: SiteOptions): Promise<RunningSite> {
  const server = createServer((req, res) => {
    handle(options, req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Internal error');
      else res.end();
    });
  });
  return listen(server, options.port, options.host);
}
