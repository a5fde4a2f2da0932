// Writes openapi/dist/openapi.msw.json, the description the MSW twin carries (src/msw/slim-description.ts), from the
// bundle, when the description is built (`npm run build -w openapi`). `--check` fails when the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { slimDescription } from '../src/msw/slim-description.js';

const source = fileURLToPath(new URL('../../openapi/dist/openapi.json', import.meta.url));
const target = fileURLToPath(new URL('../../openapi/dist/openapi.msw.json', import.meta.url));
const text = JSON.stringify(slimDescription(JSON.parse(readFileSync(source, 'utf8'))));
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current !== text) {
    console.error('openapi/dist/openapi.msw.json is stale: run `npm run build -w openapi`');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`wrote openapi/dist/openapi.msw.json: ${kb(text.length)}, ${kb(gzipSync(text).length)} gzip`);
}
