import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { mountListener } from './api-bridge.js';
import { dashPlaceholder, dashPlaceholderCss } from './dash-placeholder.js';
import { writeMeta } from './page-meta.js';
import { type CspOptions, inlineScriptsOf, isTokenRoute, styleElementsOf } from './security-headers.js';
import { redirect, send, sendText } from './site-send.js';
import type { SiteOptions } from './site-server.js';
import { staticFiles } from './static-files.js';

/** One request as a mount sees it: its path decoded once (as the app's router decodes it) and what follows the mount. */
export interface Hit {
  req: IncomingMessage;
  res: ServerResponse;
  /** The whole path, percent-decoded with `decodeURI` (as wouter does), dot segments resolved. */
  path: string;
  /** The decoded path after the mount's prefix: '' or '/…'. */
  rest: string;
  /** The raw URL on this site's origin (a validated Host). */
  url: URL;
  /** Sets the page's security headers again with what this page needs in its CSP. */
  pageHeaders(csp: CspOptions): void;
}

export type Serve = (hit: Hit) => void | Promise<void>;

/** A prefix (matched in any case, as the router matches its base) and what answers under it. */
export interface Mount {
  prefix: string;
  serve: Serve;
}

const isRead = (req: IncomingMessage) => req.method === 'GET' || req.method === 'HEAD';

/** Every mount below but /api answers GET and HEAD only. */
const readOnly =
  (serve: Serve): Serve =>
  (hit) => {
    if (isRead(hit.req)) return serve(hit);
    sendText(hit.res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  };

const texts = new Map<string, { text: string; key: string }>();

/** A page's text, read again only when its modification time or size changes (the docs page is megabytes). */
async function readText(path: string): Promise<{ text: string; key: string } | undefined> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return undefined;
    const key = `${path}@${info.mtimeMs}:${info.size}`;
    const known = texts.get(path);
    if (known?.key === key) return known;
    const read = { text: await readFile(path, 'utf8'), key };
    texts.set(path, read);
    return read;
  } catch {
    return undefined;
  }
}

/** The sign-in app under /app.login: its built files, else the shell for its client-side routes. */
function app(options: SiteOptions): Serve {
  const files = staticFiles(options.appDir);
  return readOnly(async (hit) => {
    if (hit.rest === '') return redirect(hit.res, 302, '/app.login/login');
    if (!hit.rest.endsWith('.html') && (await files(hit.req, hit.res, encodeURI(hit.rest)))) return;
    if (/^\/assets\//i.test(hit.rest)) return sendText(hit.res, 404, 'Not found');
    // Client-side routes: the app decides what to show, including its own not-found screen. /login, the front door,
    // comes pre-rendered by the build (web/scripts/prerender.ts) when that page exists.
    const prerendered = /^\/login\/?$/i.test(hit.rest) ? await readText(join(options.appDir, 'login.html')) : undefined;
    const index = prerendered ?? (await readText(join(options.appDir, 'index.html')));
    if (!index) return sendText(hit.res, 503, 'The sign-in app is not built: run `npm start`.');
    const html = writeMeta(index.text, {
      'api-endpoint': options.apiEndpoint,
      // Direct mode's key goes in the page, never in a script; in proxy mode the page holds none.
      'api-key': options.meta?.['api-mode'] === 'proxy' ? '' : (options.apiKey ?? ''),
      ...options.meta,
    });
    const token = isTokenRoute(hit.path);
    // The app's stylesheet comes inline (web/scripts/inline-css.ts): allow exactly that element by its hash.
    hit.pageHeaders({ styleElements: styleElementsOf(html) });
    send(hit.res, 200, 'text/html; charset=utf-8', html, { 'Cache-Control': token ? 'no-store' : 'no-cache' });
  });
}

const scripts = new WeakMap<{ text: string }, string[]>();

/** The inline scripts of a page read by `readText`, found once per version of the file. */
function scriptsOf(file: { text: string }): string[] {
  let found = scripts.get(file);
  if (!found) {
    found = inlineScriptsOf(file.text);
    scripts.set(file, found);
  }
  return found;
}

/** The reference docs under /docs/: the docs page routes in the browser, so every other path gets the same page. */
function docs(options: SiteOptions): Serve {
  const files = staticFiles(options.docsDir);
  return readOnly(async (hit) => {
    if (hit.rest === '') return redirect(hit.res, 301, '/docs/');
    const page = /\.\w+$/.test(hit.rest) && !hit.rest.endsWith('.html') ? undefined : hit.rest.replace(/\/$/, '');
    if (page === undefined) {
      if (await files(hit.req, hit.res, encodeURI(hit.rest))) return;
      return sendText(hit.res, 404, 'Not found');
    }
    const file = (await readText(join(options.docsDir, 'index.html'))) ?? undefined;
    if (!file) return sendText(hit.res, 404, 'The docs are not built: `npm run build -w openapi`.');
    // Redoc's page carries its bundle and the description inline: allow exactly those scripts by hash.
    hit.pageHeaders({ inlineScripts: scriptsOf(file), inlineStyles: true, blobWorkers: true });
    send(hit.res, 200, 'text/html; charset=utf-8', file.text, { 'Cache-Control': 'no-cache' }, file.key);
  });
}

/** The component gallery under /gallery/, when built. */
function gallery(options: SiteOptions): Serve {
  const dir = options.galleryDir;
  const files = dir ? staticFiles(dir) : undefined;
  return readOnly(async (hit) => {
    if (hit.rest === '') return redirect(hit.res, 301, '/gallery/');
    if (files && (await files(hit.req, hit.res, encodeURI(hit.rest)))) return;
    const index = dir ? await readText(join(dir, 'index.html')) : undefined;
    if (!index) return sendText(hit.res, 404, 'The gallery is not built');
    send(hit.res, 200, 'text/html; charset=utf-8', index.text, { 'Cache-Control': 'no-cache' });
  });
}

/** The backend's `/sso/login/{domain}`, stood in for (see sso-stand-in.ts). */
function sso(options: SiteOptions): Serve {
  return readOnly(async (hit) => {
    const domain = /^\/([^/]+)\/?$/.exec(hit.rest)?.[1];
    if (!domain || !options.ssoStart) return sendText(hit.res, 404, 'Not found');
    redirect(hit.res, 302, await options.ssoStart(domain.toLowerCase()), { 'Cache-Control': 'no-store' });
  });
}

/** The sandbox's outbox (what the backend would have e-mailed), when the sandbox runs. */
function outbox(options: SiteOptions): Serve {
  return readOnly((hit) => {
    // Matched in any case, as every mount is.
    const page = options.outbox?.(hit.path.toLowerCase(), hit.url.searchParams);
    if (!page) return sendText(hit.res, 404, 'Not found');
    send(hit.res, page.status, page.type, page.body, page.headers);
  });
}

function api(options: SiteOptions): Serve {
  return (hit) => {
    if (!options.apiListener) return sendText(hit.res, 404, 'Proxy mode is not enabled');
    return mountListener(options.apiListener, hit.req, hit.res);
  };
}

/**
 * The site's routes, one mount per prefix, tried in order; the first whose prefix matches answers. Adding a route is
 * one line here.
 */
export function siteMounts(options: SiteOptions): Mount[] {
  return [
    { prefix: '/api', serve: api(options) },
    { prefix: '/sso/login', serve: sso(options) },
    { prefix: '/app.login', serve: app(options) },
    { prefix: '/docs', serve: docs(options) },
    { prefix: '/gallery', serve: gallery(options) },
    { prefix: '/outbox', serve: outbox(options) },
    {
      prefix: '/dash-placeholder.css',
      serve: readOnly((hit) => send(hit.res, 200, 'text/css; charset=utf-8', dashPlaceholderCss)),
    },
    {
      prefix: '/dash',
      serve: readOnly((hit) =>
        send(hit.res, 200, 'text/html; charset=utf-8', dashPlaceholder(`${hit.url.pathname}${hit.url.search}`)),
      ),
    },
    {
      prefix: '',
      serve: readOnly((hit) =>
        hit.path === '/' ? redirect(hit.res, 302, '/app.login/login') : sendText(hit.res, 404, 'Not found'),
      ),
    },
  ];
}
