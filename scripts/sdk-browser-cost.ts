// `npm run sdk:cost`: what the SDK adds to a browser app, measured as a user meets it (issue 23): the packed tarball
// installed beside React 19 into a throwaway project under the OS temp dir, three entries built by Vite 8 for
// production (React alone; React and one operation through `createApiClientFor(tableOf(…))`; React and the full
// `createApiClient`), each page loaded in Chromium, and the gzip -9 bytes of the JavaScript it downloaded summed as
// `npm run budget -w @runofshow/web` sums a route's. The SDK's cost is each page's sum less React's. A measurement,
// not a test. `--tarball <file>` measures that tarball instead of packing the SDK (e.g. an older one, for before and
// after).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_FLAGS } from '@runofshow/devkit/chromium';
import { chromium } from 'playwright-core';
import sirv from 'sirv';
import { build } from 'vite';
import { packSdk } from './pack-sdk.js';

const REACT = '19.3.1';

const react = `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
const root = createRoot(document.getElementById('root'));
export const show = (text) => root.render(createElement('p', null, text));
show('ready');
`;
// Each page makes one call when a button is pressed, so the bundler keeps the client whole.
const call = (make: string) => `import { show } from './ui.js';
${make}
document.querySelector('button').addEventListener('click', () => {
  api.users.hasTwoFactorAuth({ params: { email: 'ada@example.com' } }).then((data) => show(JSON.stringify(data)), (error) => show(error.message));
});
`;
const entries: Record<string, string> = {
  react: `import './ui.js';\n`,
  one: call(`import { createApiClientFor, tableOf } from '@runofshow/sdk';
import { usersHasTwoFactorAuth } from '@runofshow/sdk/operations';
const api = createApiClientFor({ endpoint: 'http://127.0.0.1:4010', apiKey: 'k' }, tableOf(usersHasTwoFactorAuth));`),
  full: call(`import { createApiClient } from '@runofshow/sdk';
const api = createApiClient({ endpoint: 'http://127.0.0.1:4010', apiKey: 'k' });`),
};

// Issue 33: the react-query entry against TanStack Query alone, each page rendering one query when the button is
// pressed (so nothing is shaken out): TanStack with a plain fetch, then the entry's hooks over one operation and over
// the full client.
const QUERY_REACT = '5.108.0';
const query = (make: string, fetcher: string) => `import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
${make}
function Shown() {
  const answer = ${fetcher};
  return h('p', null, JSON.stringify(answer.data ?? null));
}
function App() {
  const [on, setOn] = useState(false);
  return h('div', null, h('button', { onClick: () => setOn(true) }, 'call'), on ? h(Shown) : null);
}
createRoot(document.getElementById('root')).render(h(QueryClientProvider, { client: new QueryClient() }, h(App)));
`;
const queryEntries: Record<string, string> = {
  tanstack: query(
    '',
    "useQuery({ queryKey: ['has2fa'], queryFn: () => fetch('http://127.0.0.1:4010/users/ada@example.com/has2fa').then((r) => r.json()) })",
  ),
  queryOne: query(
    `import { createApiClientFor, tableOf } from '@runofshow/sdk';
import { usersHasTwoFactorAuth } from '@runofshow/sdk/operations';
import { createQueries } from '@runofshow/sdk/react-query';
const queries = createQueries(createApiClientFor({ endpoint: 'http://127.0.0.1:4010', apiKey: 'k' }, tableOf(usersHasTwoFactorAuth)));`,
    "queries.users.hasTwoFactorAuth.useQuery({ params: { email: 'ada@example.com' } })",
  ),
  queryAll: query(
    `import { createApiClient } from '@runofshow/sdk';
import { createQueries } from '@runofshow/sdk/react-query';
const queries = createQueries(createApiClient({ endpoint: 'http://127.0.0.1:4010', apiKey: 'k' }));`,
    "queries.users.hasTwoFactorAuth.useQuery({ params: { email: 'ada@example.com' } })",
  ),
};
Object.assign(entries, queryEntries);

const args = process.argv.slice(2);
const given = args.includes('--tarball') ? args[args.indexOf('--tarball') + 1] : undefined;
const work = mkdtempSync(join(tmpdir(), 'runofshow-sdk-cost-'));
try {
  const tarball = given ?? packSdk(work);
  const project = join(work, 'app');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'sdk-cost',
      private: true,
      type: 'module',
      dependencies: {
        '@runofshow/sdk': `file:${tarball}`,
        react: REACT,
        'react-dom': REACT,
        '@tanstack/react-query': QUERY_REACT,
      },
    }),
  );
  const install = spawnSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    { cwd: project, stdio: 'inherit' },
  );
  if (install.status !== 0) throw new Error('npm install failed');
  writeFileSync(join(project, 'ui.js'), react);
  for (const [name, code] of Object.entries(entries)) {
    writeFileSync(join(project, `${name}.js`), code);
    writeFileSync(
      join(project, `${name}.html`),
      `<!doctype html><html><body><div id="root"></div><button>call</button><script type="module" src="./${name}.js"></script></body></html>\n`,
    );
  }
  // One build per page: built together, the pages would share chunks, and the one-operation page would load the
  // whole operation table the full client's page needs.
  for (const name of Object.keys(entries)) {
    await build({
      root: project,
      logLevel: 'warn',
      configFile: false,
      base: './',
      build: {
        outDir: join(project, 'dist', name),
        rollupOptions: { input: join(project, `${name}.html`) },
      },
    });
  }

  const serve = sirv(join(project, 'dist'));
  const server = createServer((req, res) => serve(req, res, () => void res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const bytes: Record<string, number> = {};
  try {
    for (const name of Object.keys(entries)) {
      const page = await browser.newPage();
      const reading: Promise<number>[] = [];
      page.on('response', (response) => {
        if (!new URL(response.url()).pathname.endsWith('.js')) return;
        reading.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      });
      await page.goto(`${base}/${name}/${name}.html`, { waitUntil: 'networkidle' });
      bytes[name] = (await Promise.all(reading)).reduce((a, b) => a + b, 0);
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  const reactBytes = bytes.react ?? 0;
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  console.log(`\nJavaScript a page downloads, gzip -9 (KB = 1,000 bytes), Vite 8 production build:`);
  console.log(`  React 19 alone                        ${kb(reactBytes)}`);
  console.log(`  + one operation (createApiClientFor)  ${kb(bytes.one ?? 0)}  (+${kb((bytes.one ?? 0) - reactBytes)})`);
  console.log(
    `  + the full client (createApiClient)   ${kb(bytes.full ?? 0)}  (+${kb((bytes.full ?? 0) - reactBytes)})`,
  );
  const over = (name: string, base: string) => (bytes[name] ?? 0) - (bytes[base] ?? 0);
  console.log(`  React 19 + TanStack Query 5 alone     ${kb(bytes.tanstack ?? 0)}`);
  console.log(
    `  + react-query entry, one operation    ${kb(bytes.queryOne ?? 0)}  (+${kb(over('queryOne', 'tanstack'))}; the entry itself +${kb(over('queryOne', 'tanstack') - over('one', 'react'))})`,
  );
  console.log(
    `  + react-query entry, full client      ${kb(bytes.queryAll ?? 0)}  (+${kb(over('queryAll', 'tanstack'))}; the entry itself +${kb(over('queryAll', 'tanstack') - over('full', 'react'))})`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
