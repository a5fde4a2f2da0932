// Makes the Redoc page fully self-contained: build-docs --inlineBundle still points its "powered by" logos and
// icon sets at Redocly's CDN. A visitor offline cannot reach it, and our CSP would block it anyway, so the logos
// become an empty inline image and the icon base an unreachable same-origin path. Fails if any CDN address remains.
// The page names no icon, so browsers ask the site for /favicon.ico and log its 404: it gets an empty inline one,
// as the sign-in app has. (Redoc's telemetry is off at build time: `telemetry: off` in redocly.yaml.) Both pages: the
// API's, and the mock's control API's (mock-server/openapi/control.yaml, at /docs/mock-control/).
import { readFile, writeFile } from 'node:fs/promises';

const blank = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';
for (const page of ['index.html', 'mock-control/index.html']) {
  const file = new URL(`../dist/docs/${page}`, import.meta.url);
  let html = await readFile(file, 'utf8');
  if (!html.includes('rel="icon"'))
    html = html.replace(/<meta charset=[^>]*>/, '$&\n  <link rel="icon" href="data:," />');
  html = html
    .replaceAll(/https:\/\/cdn\.redoc\.ly\/redoc\/[\w.-]+\.svg/g, blank)
    .replaceAll(/https:\/\/cdn\.redocly\.com\/icons\//g, '/docs/icons/');
  const left = html.match(/https:\/\/cdn\.redoc(ly)?\.(ly|com)[^"'`\s)]*/g);
  if (left) {
    console.error(`docs page ${page} still names a CDN: ${[...new Set(left)].join(', ')}`);
    process.exit(1);
  }
  if (!html.includes('"disableTelemetry":true')) {
    console.error(`docs page ${page} was built with its telemetry on: keep \`telemetry: off\` in redocly.yaml`);
    process.exit(1);
  }
  await writeFile(file, html);
}
console.log('docs pages are self-contained');
