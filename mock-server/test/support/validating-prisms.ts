import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../src/free-port.js';
import { paths } from '../../src/paths.js';
import { type RunningPrism, startPrism } from '../../src/prism.js';

// The validating Prisms the test files' stacks share (`startStack`'s `validatingPrism`), run by vitest's globalSetup:
// one per worker, started on its first lease, each in front of a router that forwards to whichever backend the
// worker's running stack leased it for. A worker runs one file at a time, so one lease at a time per worker; each
// Prism start converts the whole description (about 7 CPU-s), once per worker instead of once per file.

interface Pooled {
  prism: Promise<RunningPrism>;
  router: Server;
  /** The backend of the stack that holds the lease, or undefined between leases. */
  target: string | undefined;
}

/** A server forwarding every request to `target()`, untouched: Prism's upstream. 502 when nothing holds the lease. */
async function startRouter(target: () => string | undefined): Promise<Server> {
  const router = createServer((req, res) => {
    const to = target();
    if (!to) {
      res.writeHead(502).end('no stack holds this validating Prism');
      return;
    }
    const forwarded = request(new URL(req.url ?? '/', to), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', (error) => res.headersSent || res.writeHead(502).end(String(error)));
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  return router;
}

/**
 * The lease desk: `POST /lease?worker=<id>` with the backend's URL as body answers the worker's Prism's URL (starting
 * it on the first lease); `POST /release?worker=<id>` ends the lease. A second lease while one is held is refused (409):
 * two stacks of one worker at once would each see the other's answers.
 */
export async function startValidatingPrisms(): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = new Map<string, Pooled>();
  async function lease(worker: string, backend: string): Promise<string> {
    let pooled = pool.get(worker);
    if (pooled?.target) throw Object.assign(new Error(`held for ${pooled.target}`), { status: 409 });
    if (!pooled) {
      const router = await startRouter(() => pool.get(worker)?.target);
      const { port } = router.address() as AddressInfo;
      const prism = startPrism({
        spec: paths.bundle,
        port: await freePort(),
        errors: true,
        upstream: `http://127.0.0.1:${port}`,
      });
      pooled = { prism, router, target: undefined };
      pool.set(worker, pooled);
      prism.catch(() => pool.delete(worker));
    }
    pooled.target = backend;
    try {
      return (await pooled.prism).url;
    } catch (error) {
      pooled.target = undefined;
      throw error;
    }
  }
  const desk = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://desk');
    const worker = url.searchParams.get('worker') ?? '';
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      if (req.method === 'POST' && url.pathname === '/lease') res.end(await lease(worker, body));
      else if (req.method === 'POST' && url.pathname === '/release') {
        const pooled = pool.get(worker);
        if (pooled) pooled.target = undefined;
        res.writeHead(204).end();
      } else res.writeHead(404).end();
    } catch (error) {
      res.writeHead((error as { status?: number }).status ?? 500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => desk.listen(0, '127.0.0.1', resolve));
  const { port } = desk.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise((resolve) => desk.close(resolve));
      const all = [...pool.values()];
      await Promise.allSettled(all.map(async ({ prism }) => (await prism).stop()));
      for (const { router } of all) router.closeAllConnections();
      await Promise.all(all.map(({ router }) => new Promise((resolve) => router.close(resolve))));
    },
  };
}
