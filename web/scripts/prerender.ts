// Writes each locale's shell (dist/index.html in English, dist/index.<locale>.html) and dist/login.html and
// dist/login.<locale>.html: /app.login/login rendered to HTML at build time, once per locale, so the front door paints as soon as its HTML and CSS arrive instead of waiting for ~80 KB of JavaScript
// (the app then hydrates the same markup), and paints in the visitor's language from the start (issue 34: no
// English flash; the host picks the file, server/src/app-mount.ts). Every other route gets the empty index.html.
// Run by `npm run build -w web`, after the client build and the server build of src/prerender.tsx.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { EARLY_ERRORS_SENDER, headScript } from './head-scripts.js';

const dist = new URL('../dist/', import.meta.url);
const entry = new URL('../dist-ssr/prerender.js', import.meta.url);
const { render, titles, routeTitles } = (await import(entry.href)) as {
  render: (path: string, locale: string) => string;
  titles: (locale: string) => { shell: string; login: string };
  routeTitles: (locale: string) => [string, string][];
};

const PAGES = [
  ['en', 'ltr'],
  ['de', 'ltr'],
  ['ar', 'rtl'],
] as const;
const LOCALES = PAGES.map(([locale]) => locale);
const index = readFileSync(new URL('index.html', dist), 'utf8');
const empty = '<div id="root"></div>';
if (!index.includes(empty)) throw new Error(`dist/index.html has no ${empty} to fill`);
const assets = readdirSync(new URL('assets/', dist));
/** A locale's part of the catalogue, as the build named it (vite.config.ts). */
function textsFile(locale: string, part: string): string {
  const file = assets.find((name) => name.startsWith(`i18n-${locale}-${part}-`) && name.endsWith('.js'));
  if (!file) throw new Error(`No i18n-${locale}-${part} chunk in dist/assets`);
  return file;
}
/** The page's `<title>`, in its locale from the first byte (the app keeps it as each screen's). */
const withTitle = (html: string, title: string) => {
  const text = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  if (!/<title>[^<]*<\/title>/.test(html)) throw new Error('dist/index.html has no <title> to write');
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${text}</title>`);
};
// The reporter of errors from before the entry ran, beside the build's assets under a name that changes with it.
const sender = `early-errors-${createHash('sha256').update(EARLY_ERRORS_SENDER).digest('hex').slice(0, 8)}.js`;
writeFileSync(new URL(`assets/${sender}`, dist), EARLY_ERRORS_SENDER);
const HEAD_SCRIPT = headScript(`/app.login/assets/${sender}`, LOCALES);
const preload = (file: string) => `  <link rel="modulepreload" crossorigin href="/app.login/assets/${file}">\n`;

for (const [locale, dir] of PAGES) {
  // The shell of every route in this locale: its language on <html>, the head's script (every route, not /login
  // alone, follows a stored choice from its first byte), its core texts fetched beside the entry (the first render
  // waits for them).
  if (!index.includes('<meta charset="utf-8" />')) throw new Error('dist/index.html has no <meta charset> to follow');
  const shell = withTitle(index, titles(locale).shell)
    .replace('<html lang="en">', `<html lang="${locale}" dir="${dir}">`)
    .replace(/<meta charset="utf-8" \/>/, (charset) => `${charset}\n    ${HEAD_SCRIPT}`)
    .replace('</head>', `${preload(textsFile(locale, 'core'))}  </head>`);
  if (!shell.includes(`lang="${locale}" dir=`)) throw new Error('dist/index.html has no <html lang="en"> to change');
  const markup = render('/app.login/login', locale);
  if (!markup.includes('<form')) throw new Error('The pre-rendered /login has no form: check src/prerender.tsx');
  const login = withTitle(shell, titles(locale).login)
    .replace(empty, `<div id="root">${markup}</div>`)
    .replace('</head>', `${preload(textsFile(locale, 'login'))}  </head>`);
  const suffix = locale === 'en' ? '' : `.${locale}`;
  writeFileSync(new URL(`index${suffix}.html`, dist), shell);
  writeFileSync(new URL(`login${suffix}.html`, dist), login);
  console.log(`dist/login${suffix}.html: /app.login/login pre-rendered in ${locale} (${markup.length} characters)`);
}
// Every other route's own <title> in each locale, for the host to write into the page it sends (server/src/page-title.ts).
writeFileSync(
  new URL('page-titles.json', dist),
  `${JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, routeTitles(locale)])), null, 2)}\n`,
);
