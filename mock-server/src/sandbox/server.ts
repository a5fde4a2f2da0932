import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, type RunningServer } from '@runofshow/devkit/listen';
import { operationTable } from '@runofshow/sdk';
import { matchRoute, type OperationRoute, pathPattern } from '../path-pattern.js';
import { readBody } from '../read-body.js';
import type { Engine } from './engine/engine.js';
import {
  BadEngineBody,
  callerOf,
  engineRoutes,
  matchEngine,
  mirrorSignIn,
  readEngineBody,
  replyEngine,
} from './engine/http.js';
import { fingerprintOf, IdempotencyKeys } from './idempotency.js';
import { AppliedLedger } from './ledger.js';
import { type SandboxOperation, SignInSandbox } from './sandbox.js';

type Route = OperationRoute<SandboxOperation>;

/** The sandbox's operations as method + path patterns, from the SDK's generated operation table. */
export function sandboxRoutes(): Route[] {
  return SignInSandbox.operations.map((operationId) => {
    const { method, path } = operationTable[operationId];
    return { operationId, method, ...pathPattern(path) };
  });
}

/** The sandbox operation a request is for, with its path parameters decoded; undefined when it is not one. */
export function matchSandbox(
  routes: Route[],
  method: string,
  pathname: string,
): { operationId: SandboxOperation; path: Record<string, string> } | undefined {
  return matchRoute(routes, method, pathname);
}

/** How long the sandbox keeps an idle connection: longer than its client (Prism, Node's global agent) keeps one. */
export const SANDBOX_KEEP_ALIVE_MS = 30_000;

/** The sign-in payloads are small: a body past this is refused, as is one that is not JSON. */
const MAX_BODY_BYTES = 64 * 1024;

class BadBody extends Error {}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const bytes = await readBody(req, MAX_BODY_BYTES);
  if (bytes === 'too large') throw new BadBody('The body is too large.');
  if (!bytes.length) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BadBody('The body is not valid JSON.');
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(payload);
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The caller's address: the last `X-Forwarded-For` entry, which the mock's front sets (this server listens on
 * loopback, behind Prism behind the front), else the connection's own.
 */
const clientOf = (req: IncomingMessage) =>
  header(req, 'x-forwarded-for')?.split(',').at(-1)?.trim() || req.socket.remoteAddress || '';

/**
 * The sandbox as an HTTP backend, for Prism in proxy mode to stand in front of (Prism checks every request before
 * it arrives here and every answer on its way back). A call it does not answer, and any call carrying `Prefer`, gets
 * 501 Not Implemented, on which Prism answers from the description's examples instead (its "remock"), so one Prism
 * serves both. Writes honour `Idempotency-Key` (`idempotency.ts`). It logs nothing of what it receives: bodies carry
 * passwords.
 */
export function startSandboxServer(
  sandbox: SignInSandbox,
  port: number,
  host = '127.0.0.1',
  keys = new IdempotencyKeys(),
  ledger = new AppliedLedger(),
  engine?: Engine,
): Promise<RunningServer> {
  const routes = sandboxRoutes();
  const otherRoutes = engine ? engineRoutes() : [];
  if (engine) engine.signIn = sandbox;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const requestId = req.headers['x-request-id'];
    const echo: Record<string, string> = typeof requestId === 'string' ? { 'x-request-id': requestId } : {};
    const found = req.headers.prefer ? undefined : matchSandbox(routes, req.method ?? 'GET', url.pathname);
    // Every other operation of the description is the engine's (issue 31), executed from its effect tables.
    const other = found || req.headers.prefer ? undefined : matchEngine(otherRoutes, req.method ?? 'GET', url.pathname);
    if (engine && other) {
      const accessToken = url.searchParams.get('accessToken') ?? undefined;
      const method = (req.method ?? 'GET').toUpperCase();
      const key = method === 'GET' || method === 'HEAD' ? undefined : header(req, 'idempotency-key');
      readEngineBody(req)
        .then(({ body, files }) => {
          const apply = () =>
            engine.turns.run(async () => {
              const caller = callerOf(engine, sandbox, accessToken);
              const answer = await engine.answer({
                operationId: other.operationId,
                path: other.path,
                query: url.searchParams,
                body,
                files,
                ...(caller ? { caller } : {}),
                ...(accessToken ? { accessToken } : {}),
              });
              ledger.record(typeof requestId === 'string' ? requestId : undefined, other.operationId, answer.status);
              return answer;
            });
          if (key === undefined) return apply();
          return keys.run(
            header(req, 'x-api-key') ?? '',
            key,
            fingerprintOf(method, `${url.pathname}${url.search}`, body),
            apply,
          );
        })
        .then((answer) => replyEngine(res, answer, echo))
        .catch((error: unknown) => {
          if (res.headersSent) return void res.end();
          const status = error instanceof BadEngineBody ? 400 : 500;
          reply(
            res,
            status,
            {
              type: 'about:blank',
              title: status === 400 ? 'Bad request' : 'Server error',
              status,
              detail: String(error),
            },
            echo,
          );
        });
      return;
    }
    if (!found) {
      req.resume();
      return reply(res, 501, { type: 'about:blank', title: 'Not implemented by the sandbox', status: 501 }, echo);
    }
    const method = (req.method ?? 'GET').toUpperCase();
    const key = method === 'GET' || method === 'HEAD' ? undefined : header(req, 'idempotency-key');
    readJson(req)
      .then((body) => {
        const signIn = async () => {
          const accessToken = url.searchParams.get('accessToken') ?? undefined;
          const answer = await sandbox.answer(
            found.operationId,
            { path: found.path, query: url.searchParams, body, client: clientOf(req) },
            accessToken,
          );
          if (engine) mirrorSignIn(engine, found.operationId, answer, callerOf(engine, sandbox, accessToken));
          // Counted where the write is applied: a replay of an idempotent write never gets here.
          ledger.record(typeof requestId === 'string' ? requestId : undefined, found.operationId, answer.status);
          return answer;
        };
        // A sign-up or a new team is copied into the engine's store: over a durable one, committed before the answer.
        const apply = engine ? () => engine.turns.run(signIn) : signIn;
        if (key === undefined) return apply();
        const fingerprint = fingerprintOf(method, `${url.pathname}${url.search}`, body);
        // Scoped by caller (issue 29 F7): in proxy mode every visitor calls with the site's one API key.
        const caller = url.searchParams.get('accessToken') ?? clientOf(req);
        return keys.run(`${header(req, 'x-api-key') ?? ''}\n${caller}`, key, fingerprint, apply);
      })
      .then((answer) => reply(res, answer.status, answer.body, { ...echo, ...answer.headers }))
      .catch((error: unknown) => {
        if (res.headersSent) return void res.end();
        if (error instanceof BadBody) {
          return reply(
            res,
            400,
            { type: 'about:blank', title: 'Bad request', status: 400, detail: error.message },
            echo,
          );
        }
        reply(
          res,
          500,
          { type: 'https://errors.runofshow.dev/server-error', title: 'Server error', status: 500 },
          echo,
        );
      });
  });
  // Prism forwards with Node's global agent, which keeps a connection for 5 s after its last use: were the sandbox to
  // close idle ones after the same 5 s (Node's default), a call that reuses one as it closes fails as "socket hang up"
  // and the visitor gets a 500. The client must always be the one to let go first.
  server.keepAliveTimeout = SANDBOX_KEEP_ALIVE_MS;
  return listen(server, port, host);
}
