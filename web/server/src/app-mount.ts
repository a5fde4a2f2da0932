import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Mount, readOnly } from './mount.js';
import { pageLocale } from './page-locale.js';
import { writeMeta } from './page-meta.js';
import { pageTitles, withTitle } from './page-title.js';
import { APP_BASE, cacheControl, isTokenRoute } from './routes.js';
import { inlineScriptsOf, styleElementsOf } from './security-headers.js';

export interface AppMountOptions {
  /** The built sign-in app (web/dist). */
  appDir: string;
  /** The run-time settings written into the page's `<meta name="…">` tags (web/src/lib/api/config.ts reads them). */
  meta: Record<string, string>;
}

interface Shell {
  key: string;
  html: string;
  styles: string[];
  scripts: string[];
}

/**
 * A built page with the settings written in, read again only when its modification time or size changes (a rebuild
 * under a running `npm start`), and its inline stylesheet found once per version.
 */
function shells(appDir: string, meta: Record<string, string>) {
  const known = new Map<string, Shell>();
  return async (file: string): Promise<Shell | undefined> => {
    const path = join(appDir, file);
    try {
      const info = await stat(path);
      if (!info.isFile()) return undefined;
      const key = `${path}@${info.mtimeMs}:${info.size}`;
      const found = known.get(file);
      if (found?.key === key) return found;
      const html = writeMeta(await readFile(path, 'utf8'), meta);
      // The settings are part of the bytes: hosts with other settings in one process never share a compressed copy.
      const shell = {
        key: `${key}#${JSON.stringify(meta)}`,
        html,
        styles: styleElementsOf(html),
        scripts: inlineScriptsOf(html),
      };
      known.set(file, shell);
      return shell;
    } catch {
      return undefined;
    }
  };
}

/** The sign-in app under /app.login: its built files, else its shell (with the settings) for its client routes. */
export function appMount(options: AppMountOptions): Mount {
  const shell = shells(options.appDir, options.meta);
  const titleOf = pageTitles(options.appDir);
  return {
    prefix: APP_BASE,
    label: (hit) => (/^\/assets\//i.test(hit.rest) ? `${APP_BASE}/assets` : APP_BASE),
    serve: readOnly(async (hit) => {
      if (hit.rest === '') return hit.redirect(302, `${APP_BASE}/login`);
      if (!hit.rest.endsWith('.html') && (await hit.files(options.appDir))) return;
      if (/^\/assets\//i.test(hit.rest)) return hit.sendText(404, 'Not found');
      // Client-side routes: the app decides what to show, including its own not-found screen. /login, the front door,
      // comes pre-rendered by the build (web/scripts/prerender.ts) when that page exists, in the visitor's language.
      // Every page in the visitor's language (issue 34: no English flash), by the build's shell for it.
      const login = /^\/login\/?$/i.test(hit.rest);
      const locale = pageLocale(hit.url, hit.req.headers.cookie, hit.req.headers['accept-language']);
      const inLocale = async (name: string) =>
        (locale !== 'en' && (await shell(`${name}.${locale}.html`))) || (await shell(`${name}.html`));
      const page = (login && (await inLocale('login'))) || (await inLocale('index'));
      if (!page) return hit.sendText(503, 'The sign-in app is not built: run `npm run build`.');
      // The app's stylesheet comes inline (web/scripts/inline-css.ts), and every page's few lines in <head> that keep
      // early errors and follow a language stored in localStorage only (web/scripts/head-scripts.ts): allow exactly
      // those elements by their hashes.
      hit.pageHeaders({ styleElements: page.styles, inlineScripts: page.scripts });
      const cache = isTokenRoute(hit.path) ? cacheControl.tokenPage : cacheControl.page;
      // A page's bytes depend on the visitor's languages and remembered choice: a shared cache must keep them apart.
      const vary = { Vary: 'Accept-Encoding, Accept-Language, Cookie' };
      // The route's own <title> in the page's language (issue 34): the title is part of the bytes, so of the key.
      const title = login ? undefined : await titleOf(locale, hit.rest);
      const html = title ? withTitle(page.html, title) : page.html;
      const key = title ? `${page.key}#${title}` : page.key;
      hit.send(200, 'text/html; charset=utf-8', html, { 'Cache-Control': cache, ...vary }, key);
    }),
  };
}
