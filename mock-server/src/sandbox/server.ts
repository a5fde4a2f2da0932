import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { operationTable } from '@runofshow/sdk';
import { listen, type RunningServer } from '../listen.js';
import { pathPattern } from '../path-pattern.js';
import { readBody } from '../read-body.js';
import { AppliedLedger } from './ledger.js';
import { type SandboxOperation, SignInSandbox } from './sandbox.js';

interface Route {
  operationId: SandboxOperation;
  method: string;
  pattern: RegExp;
  names: string[];
}

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
  for (const route of routes) {
    if (route.method !== method.toUpperCase()) continue;
    const found = route.pattern.exec(pathname);
    if (!found) continue;
    try {
      const path = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]));
      return { operationId: route.operationId, path };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

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

/**
 * The sandbox as an HTTP backend, for Prism in proxy mode to stand in front of (Prism checks every request before
 * it arrives here and every answer on its way back). A call it does not answer, and any call carrying `Prefer`, gets
 * 501 Not Implemented, on which Prism answers from the description's examples instead (its "remock"), so one Prism
 * serves both. It logs nothing of what it receives: bodies carry passwords.
 */
export function startSandboxServer(
  sandbox: SignInSandbox,
  port: number,
  host = '127.0.0.1',
  ledger = new AppliedLedger(),
): Promise<RunningServer> {
  const routes = sandboxRoutes();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const requestId = req.headers['x-request-id'];
    const echo: Record<string, string> = typeof requestId === 'string' ? { 'x-request-id': requestId } : {};
    const found = req.headers.prefer ? undefined : matchSandbox(routes, req.method ?? 'GET', url.pathname);
    if (!found) {
      req.resume();
      return reply(res, 501, { type: 'about:blank', title: 'Not implemented by the sandbox', status: 501 }, echo);
    }
    readJson(req)
      .then(async (body) => {
        const answer = await sandbox.answer(
          found.operationId,
          { path: found.path, query: url.searchParams, body },
          url.searchParams.get('accessToken') ?? undefined,
        );
        ledger.record(typeof requestId === 'string' ? requestId : undefined, found.operationId, answer.status);
        return answer;
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
  return listen(server, port, host);
}
