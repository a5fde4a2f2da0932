// The front of `npm run dev`: Vite's dev server (hot reload) for the sign-in app at /app.login/ and the gallery at
// /gallery/, in middleware mode on one port; every other path (docs, /dash/…, /api, /sso) goes to the site server
// that `npm start` runs, so the dev loop answers them exactly as `npm start` does.
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { writeMeta } from '@runofshow/server/page-meta';
import { createServer as createVite, type InlineConfig, type Plugin, type ViteDevServer } from 'vite';

export interface DevServerOptions {
  port: number;
  host?: string;
  /** The host's address (docs, dashboard placeholder, /api proxy, SSO stand-in). */
  site: string;
  /** The app's run-time settings, written into its `<meta name="…">` tags as the site server does for the build. */
  meta: Record<string, string>;
}

export interface RunningDevServer {
  url: string;
  stop(): Promise<void>;
}

const web = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

function pageMeta(values: Record<string, string>): Plugin {
  return { name: 'runofshow:dev-page-meta', transformIndexHtml: (html) => writeMeta(html, values) };
}

/** Hands a request to the site server unchanged (Host included) and streams its answer back. */
function forward(site: URL, req: IncomingMessage, res: ServerResponse): void {
  const upstream = request(
    { hostname: site.hostname, port: site.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (res.headersSent) return void res.destroy(error);
    res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`The site server did not answer: ${error.message}`);
  });
  req.pipe(upstream);
}

/** Starts Vite for the app and the gallery on one HTTP server (one HMR socket each, told apart by base path). */
export async function startDevServer(options: DevServerOptions): Promise<RunningDevServer> {
  const host = options.host ?? '127.0.0.1';
  const site = new URL(options.site);
  const server = createServer();
  const vite = (configFile: string, entry: string, extra: Partial<InlineConfig>) =>
    createVite({
      configFile: web(configFile),
      // The app's config imports a plugin from @runofshow/ui as TypeScript source: load it through Vite's runner.
      configLoader: 'runner',
      appType: 'spa',
      clearScreen: false,
      // The entry and what it imports are transformed while Prism starts, so the first page comes at once.
      server: {
        middlewareMode: true,
        ws: { server },
        warmup: { clientFiles: [entry] },
        // An editor that saves in place (truncate, then write) makes the watcher fire on the empty or half-written
        // file; without this Vite transforms what it reads then, and the watcher drops the write's own event (one
        // change per file per 50 ms), so the page keeps the broken module until the next save. Report a change once
        // the file's size has held still: a moment later, and always for the finished file.
        watch: { awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 10 } },
      },
      ...extra,
    });
  // The app's config leaves the root to the working directory. The gallery keeps its own pre-bundled dependencies:
  // sharing web/node_modules/.vite, the two optimizers would overwrite each other's files.
  const app = await vite('vite.config.ts', './src/main.tsx', { root: web(''), plugins: [pageMeta(options.meta)] });
  let gallery: ViteDevServer;
  try {
    gallery = await vite('ui/vite.config.ts', './main.tsx', { cacheDir: web('node_modules/.vite-gallery') });
  } catch (error) {
    await app.close();
    throw error;
  }
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://dev.invalid').pathname;
    const notFound = () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    };
    // Matched in any case, as the site server's mounts are, and handed to Vite under the base it knows.
    const lower = path.toLowerCase();
    for (const [base, vite] of [
      ['/app.login/', app],
      ['/gallery/', gallery],
    ] as const) {
      if (!lower.startsWith(base)) continue;
      const url = req.url ?? '/';
      if (url.toLowerCase().startsWith(base)) req.url = `${base}${url.slice(base.length)}`;
      return vite.middlewares(req, res, notFound);
    }
    forward(site, req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    stop: async () => {
      await Promise.all([app.close(), gallery.close()]);
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  };
}
