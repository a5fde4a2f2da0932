import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { dashPlaceholder, dashPlaceholderCss } from './dash-placeholder.js';

// The development pages `npm start` and `npm run dev` add to the production host (web/server): the API docs, the
// component gallery, the placeholder of the main application at /dash/… and the stand-in for the backend's SSO start.
// None of them is the sign-in app's, so the host never mounts them itself. They are written against the shape of the
// host's mounts, not its code: the mock does not depend on the host (scripts/architecture.ts), and the composition
// (scripts/start.ts, web/scripts/dev.ts) hands these to it.

/** What a mount of the host is given for one request (web/server/src/mount.ts), as far as these pages use it. */
export interface DevelopmentHit {
  req: IncomingMessage;
  /** The decoded path after the mount's prefix: '' or '/…'. */
  rest: string;
  url: URL;
  pageHeaders(csp: { inlineScripts?: string[]; inlineStyles?: boolean; blobWorkers?: boolean }): void;
  send(status: number, type: string, body: string | Buffer, extra?: Record<string, string>, cacheKey?: string): void;
  sendText(status: number, text: string, extra?: Record<string, string>): void;
  redirect(status: 301 | 302, location: string, extra?: Record<string, string>): void;
  files(root: string): Promise<boolean>;
}

export interface DevelopmentMount {
  prefix: string;
  serve(hit: DevelopmentHit): void | Promise<void>;
}

export interface DevelopmentMountOptions {
  /** The built reference docs (openapi/dist/docs). */
  docsDir: string;
  /** The built component gallery (web/ui/dist); none in `npm run dev`, where Vite serves it from source. */
  galleryDir?: string;
  /** Stands in for the backend's `/sso/login/{domain}`: where to send the browser (sso-stand-in.ts). */
  ssoStart: (domain: string) => Promise<string>;
}

type Serve = DevelopmentMount['serve'];

const readOnly =
  (serve: Serve): Serve =>
  (hit) => {
    if (hit.req.method === 'GET' || hit.req.method === 'HEAD') return serve(hit);
    hit.sendText(405, 'Method not allowed', { Allow: 'GET, HEAD' });
  };

interface Page {
  text: string;
  key: string;
  scripts: string[];
}

const pages = new Map<string, Page>();

/** A page's text and inline scripts, read again only when its time or size changes (the docs page is megabytes). */
async function readPage(path: string): Promise<Page | undefined> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return undefined;
    const key = `${path}@${info.mtimeMs}:${info.size}`;
    const known = pages.get(path);
    if (known?.key === key) return known;
    const text = await readFile(path, 'utf8');
    const scripts = [...text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    const page = { text, key, scripts };
    pages.set(path, page);
    return page;
  } catch {
    return undefined;
  }
}

/** The reference docs under /docs/: the page routes in the browser, so every other path gets the same page. */
function docs(docsDir: string): Serve {
  return readOnly(async (hit) => {
    if (hit.rest === '') return hit.redirect(301, '/docs/');
    if (/\.\w+$/.test(hit.rest) && !hit.rest.endsWith('.html')) {
      if (await hit.files(docsDir)) return;
      return hit.sendText(404, 'Not found');
    }
    const page = await readPage(join(docsDir, 'index.html'));
    if (!page) return hit.sendText(404, 'The docs are not built: `npm run build -w openapi`.');
    // Redoc's page carries its bundle and the description inline: allow exactly those scripts by hash.
    hit.pageHeaders({ inlineScripts: page.scripts, inlineStyles: true, blobWorkers: true });
    hit.send(200, 'text/html; charset=utf-8', page.text, { 'Cache-Control': 'no-cache' }, page.key);
  });
}

/** The component gallery under /gallery/, when built. */
function gallery(dir: string | undefined): Serve {
  return readOnly(async (hit) => {
    if (hit.rest === '') return hit.redirect(301, '/gallery/');
    if (dir && (await hit.files(dir))) return;
    const index = dir ? await readPage(join(dir, 'index.html')) : undefined;
    if (!index) return hit.sendText(404, 'The gallery is not built');
    hit.send(200, 'text/html; charset=utf-8', index.text, { 'Cache-Control': 'no-cache' }, index.key);
  });
}

/** The backend's `/sso/login/{domain}`, stood in for (see sso-stand-in.ts). */
function sso(ssoStart: DevelopmentMountOptions['ssoStart']): Serve {
  return readOnly(async (hit) => {
    const domain = /^\/([^/]+)\/?$/.exec(hit.rest)?.[1];
    if (!domain) return hit.sendText(404, 'Not found');
    hit.redirect(302, await ssoStart(domain.toLowerCase()), { 'Cache-Control': 'no-store' });
  });
}

/** The development pages, one mount per prefix; the host tries them after its own. */
export function developmentMounts(options: DevelopmentMountOptions): DevelopmentMount[] {
  return [
    { prefix: '/sso/login', serve: sso(options.ssoStart) },
    { prefix: '/docs', serve: docs(options.docsDir) },
    { prefix: '/gallery', serve: gallery(options.galleryDir) },
    {
      prefix: '/dash-placeholder.css',
      serve: readOnly((hit) => hit.send(200, 'text/css; charset=utf-8', dashPlaceholderCss)),
    },
    {
      prefix: '/dash',
      serve: readOnly((hit) =>
        hit.send(200, 'text/html; charset=utf-8', dashPlaceholder(`${hit.url.pathname}${hit.url.search}`)),
      ),
    },
  ];
}
