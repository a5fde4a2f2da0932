import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Each locale's routes as [pattern of the path under /app.login, the page's <title>], as the build wrote them. */
type Titles = Record<string, [string, string][]>;

/**
 * Issue 34: every route's page arrives with its own screen's <title>, in the visitor's language, not "Sign in" until
 * its screen renders. The build writes the table (web/scripts/prerender.ts: dist/page-titles.json), read again only
 * when it changes; without one (an older build) the page keeps the title it has.
 */
export function pageTitles(appDir: string) {
  const path = join(appDir, 'page-titles.json');
  let known: { key: string; titles: Titles } | undefined;
  return async (locale: string, rest: string): Promise<string | undefined> => {
    try {
      const info = await stat(path);
      const key = `${info.mtimeMs}:${info.size}`;
      if (known?.key !== key) known = { key, titles: JSON.parse(await readFile(path, 'utf8')) as Titles };
    } catch {
      return undefined;
    }
    const routes = known.titles[locale] ?? known.titles.en ?? [];
    return routes.find(([pattern]) => new RegExp(pattern, 'i').test(rest))?.[1];
  };
}

/** The page with `title` as its <title> (escaped as text). */
export function withTitle(html: string, title: string): string {
  const text = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${text}</title>`);
}
