// The page of the Chromium parity (web/e2e/msw-parity.spec.ts, `npm run mock:msw-chromium`): the MSW twin behind
// MSW's real service worker, running the scripted session (scripts/msw-chromium-page.ts), built for the browser and
// served from a real origin: a service worker registers only from one, and WebCrypto needs a secure context
// (localhost is one).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { JournalEntry } from '../../src/control/journal.js';
import type { Seen } from './twin-session.js';

/** What the page's `runTwin(rounds)` gives back: the session, and the time of one call through the worker. */
export interface TwinRun {
  resetStatus: number;
  answers: Seen[];
  journal: JournalEntry[];
  p50: number;
  p95: number;
}

export interface TwinPage {
  /** The page's address (`http://localhost:<port>/`). */
  url: string;
  /** How long the browser build took, in milliseconds. */
  buildMs: number;
  close(): Promise<void>;
}

export async function serveTwinPage(port = 0): Promise<TwinPage> {
  const out = mkdtempSync(join(tmpdir(), 'msw-page-'));
  const started = performance.now();
  try {
    await build({
      logLevel: 'error',
      configFile: false,
      resolve: { conditions: ['source', 'browser', 'module', 'import', 'default'] },
      build: {
        outDir: out,
        emptyOutDir: true,
        // Read by a test, never shipped: no time spent shrinking it.
        minify: false,
        lib: {
          entry: fileURLToPath(new URL('../../scripts/msw-chromium-page.ts', import.meta.url)),
          formats: ['es'],
          fileName: 'page',
        },
      },
    });
  } catch (error) {
    rmSync(out, { recursive: true, force: true });
    throw error;
  }
  const buildMs = performance.now() - started;
  writeFileSync(
    join(out, 'index.html'),
    '<!doctype html><title>twin</title><script type="module" src="/page.js"></script>',
  );
  const files: Record<string, string> = {
    '/': join(out, 'index.html'),
    '/mockServiceWorker.js': fileURLToPath(import.meta.resolve('msw/mockServiceWorker.js')),
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = files[path] ?? (/^\/[\w.-]+\.js$/.test(path) ? join(out, path) : undefined);
    if (!file) return void res.writeHead(404).end();
    const type = file.endsWith('.html') ? 'text/html' : 'text/javascript';
    try {
      res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    buildMs,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(out, { recursive: true, force: true });
      }),
  };
}
