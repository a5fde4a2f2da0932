// `npm run mock:msw-bundle`: what `@runofshow/mock-server/msw` adds to a browser test build (issue 32), built by Vite
// for the browser (its `browser` condition: WebCrypto's hasher, no `node:` module), msw itself left out as the test's
// own dependency. Prints the sizes, raw and gzip, of the entry and of the description it carries.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const entry = fileURLToPath(new URL('../src/msw/index.ts', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'msw-bundle-'));
try {
  await build({
    logLevel: 'warn',
    configFile: false,
    resolve: { conditions: ['source', 'browser', 'module', 'import', 'default'] },
    build: {
      outDir: out,
      emptyOutDir: true,
      minify: true,
      lib: { entry, formats: ['es'], fileName: 'msw-sandbox' },
      rollupOptions: { external: [/^msw($|\/)/] },
    },
  });
  const files = readdirSync(out).filter((name) => name.endsWith('.js'));
  let total = 0;
  let gzip = 0;
  for (const name of files) {
    const bytes = readFileSync(join(out, name));
    total += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  const node = files.flatMap((name) => [...readFileSync(join(out, name), 'utf8').matchAll(/["']node:[\w/]+["']/g)]);
  console.log(`msw entry (msw excluded): ${(total / 1024).toFixed(0)} KB raw, ${(gzip / 1024).toFixed(0)} KB gzip`);
  console.log(`node: imports left in it: ${node.length ? node.map((m) => m[0]).join(', ') : 'none'}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
