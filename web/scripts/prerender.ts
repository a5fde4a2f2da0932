// Writes dist/login.html and dist/login.<locale>.html: /app.login/login rendered to HTML at build time, once per
// locale, so the front door paints as soon as its HTML and CSS arrive instead of waiting for ~80 KB of JavaScript
// (the app then hydrates the same markup), and paints in the visitor's language from the start (issue 34: no
// English flash; the host picks the file, server/src/app-mount.ts). Every other route gets the empty index.html.
// Run by `npm run build -w web`, after the client build and the server build of src/prerender.tsx.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const entry = new URL('../dist-ssr/prerender.js', import.meta.url);
const { render } = (await import(entry.href)) as { render: (path: string, locale: string) => string };

const index = readFileSync(new URL('index.html', dist), 'utf8');
const empty = '<div id="root"></div>';
if (!index.includes(empty)) throw new Error(`dist/index.html has no ${empty} to fill`);
const assets = readdirSync(new URL('assets/', dist));
for (const [locale, dir] of [
  ['en', 'ltr'],
  ['de', 'ltr'],
  ['ar', 'rtl'],
] as const) {
  const markup = render('/app.login/login', locale);
  if (!markup.includes('<form')) throw new Error('The pre-rendered /login has no form: check src/prerender.tsx');
  let html = index.replace(empty, `<div id="root">${markup}</div>`);
  // The locale's login texts (and core, outside English) are needed before hydration: fetched beside the entry.
  const preloads = (locale === 'en' ? ['login'] : ['core', 'login']).map((part) => {
    const file = assets.find((name) => name.startsWith(`i18n-${locale}-${part}-`) && name.endsWith('.js'));
    if (!file) throw new Error(`No i18n-${locale}-${part} chunk in dist/assets`);
    return `  <link rel="modulepreload" crossorigin href="/app.login/assets/${file}">\n`;
  });
  html = html
    .replace('<html lang="en">', `<html lang="${locale}" dir="${dir}">`)
    .replace('</head>', `${preloads.join('')}  </head>`);
  if (!html.includes(`lang="${locale}" dir=`)) throw new Error('dist/index.html has no <html lang="en"> to change');
  const file = locale === 'en' ? 'login.html' : `login.${locale}.html`;
  writeFileSync(new URL(file, dist), html);
  console.log(`dist/${file}: /app.login/login pre-rendered in ${locale} (${markup.length} characters of markup)`);
}
