// Writes dist/login.html: /app.login/login rendered to HTML at build time, so the front door paints as soon as its
// HTML and CSS arrive instead of waiting for ~80 KB of JavaScript (the app then hydrates the same markup). The site
// server sends it for /app.login/login; every other route gets the empty index.html. Run by `npm run build -w web`,
// after the client build and the server build of src/prerender.tsx.
import { readFileSync, writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const entry = new URL('../dist-ssr/prerender.js', import.meta.url);
const { render } = (await import(entry.href)) as { render: (path: string) => string };

const index = readFileSync(new URL('index.html', dist), 'utf8');
const empty = '<div id="root"></div>';
if (!index.includes(empty)) throw new Error(`dist/index.html has no ${empty} to fill`);
const markup = render('/app.login/login');
if (!markup.includes('<form')) throw new Error('The pre-rendered /login has no form: check src/prerender.tsx');
writeFileSync(new URL('login.html', dist), index.replace(empty, `<div id="root">${markup}</div>`));
console.log(`dist/login.html: /app.login/login pre-rendered (${markup.length} characters of markup)`);
