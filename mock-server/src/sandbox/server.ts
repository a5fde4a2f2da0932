import { createServer } from 'node:http';
import { listen, type RunningServer } from '@runofshow/devkit/listen';
import { readBody } from '../read-body.js';
import { SandboxCore, tooLargeReply } from './answer.js';
import type { Engine } from './engine/engine.js';
import { IdempotencyKeys } from './idempotency.js';
import { AppliedLedger } from './ledger.js';
import type { SignInSandbox } from './sandbox.js';

export { matchSandbox, sandboxRoutes } from './answer.js';

/** How long the sandbox keeps an idle connection: longer than its client (Prism, Node's global agent) keeps one. */
export const SANDBOX_KEEP_ALIVE_MS = 30_000;

/** Prism's own body limit: the mock's front refuses more before it gets here. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * The caller's address: the last `X-Forwarded-For` entry, which the mock's front sets (this server listens on
 * loopback, behind Prism behind the front), else the connection's own.
 */
const clientOf = (forwarded: string | undefined, remote: string | undefined) =>
  forwarded?.split(',').at(-1)?.trim() || remote || '';

/**
 * The sandbox as an HTTP backend, for Prism in proxy mode to stand in front of (Prism checks every request before
 * it arrives here and every answer on its way back). What it answers is the transport-free core's (`answer.ts`),
 * which the MSW twin runs too; a call it does not answer, and any call carrying `Prefer`, gets 501 Not Implemented,
 * on which Prism answers from the description's examples instead (its "remock"), so one Prism serves both.
 */
export async function startSandboxServer(
  sandbox: SignInSandbox,
  port: number,
  host = '127.0.0.1',
  keys = new IdempotencyKeys(),
  ledger = new AppliedLedger(),
  engine?: Engine,
): Promise<RunningServer> {
  // Another instance may be opening the same database: the sign-in seed is written by whichever comes first.
  if (engine) await engine.turns.run(async () => sandbox.keepIn(engine.store), { exclusive: true });
  const core = new SandboxCore(sandbox, engine, keys, ledger);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    readBody(req, MAX_BODY_BYTES)
      .then((body) =>
        body === 'too large'
          ? tooLargeReply(headers)
          : core.answer({
              method: req.method ?? 'GET',
              pathname: url.pathname,
              query: url.searchParams,
              headers,
              body,
              client: clientOf(headers.get('x-forwarded-for') ?? undefined, req.socket.remoteAddress),
            }),
      )
      .then((reply) => {
        const payload = reply.body === undefined ? undefined : Buffer.from(reply.body);
        res.writeHead(reply.status, {
          ...reply.headers,
          ...(payload ? { 'content-length': String(payload.length) } : {}),
        });
        res.end(payload);
      })
      .catch(() => {
        if (res.headersSent) return void res.end();
        res.writeHead(500, { 'content-type': 'application/problem+json' });
        res.end(
          JSON.stringify({ type: 'https://errors.runofshow.dev/server-error', title: 'Server error', status: 500 }),
        );
      });
  });
  // Prism forwards with Node's global agent, which keeps a connection for 5 s after its last use: were the sandbox to
  // close idle ones after the same 5 s (Node's default), a call that reuses one as it closes fails as "socket hang up"
  // and the visitor gets a 500. The client must always be the one to let go first.
  server.keepAliveTimeout = SANDBOX_KEEP_ALIVE_MS;
  return listen(server, port, host);
}
