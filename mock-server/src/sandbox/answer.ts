// The sandbox's answer to one call, free of any transport (issue 32): its HTTP server (server.ts, behind Prism) and
// its MSW twin (../msw/) both hand it the request they received and send back what it returns.
import { operationTable } from '@runofshow/sdk';
import { matchRoute, type OperationRoute, pathPattern } from '../path-pattern.js';
import { addressRuleIssue } from './address-rules.js';
import type { Engine } from './engine/engine.js';
import { callerOf, engineRoutes, matchEngine, mirrorSignIn } from './engine/http.js';
import { acceptInvitations } from './engine/invitations.js';
import { isObject } from './engine/schema.js';
import { fingerprintOf, IdempotencyKeys, type Turn } from './idempotency.js';
import { AppliedLedger } from './ledger.js';
import { type Answer, type SandboxOperation, SignInSandbox } from './sandbox.js';

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

/** The sign-in payloads are small: a body past this is refused, as is one that is not JSON. */
const MAX_SIGN_IN_BODY_BYTES = 64 * 1024;

export interface SandboxCall {
  method: string;
  pathname: string;
  query: URLSearchParams;
  /** Lower-case names. */
  headers: Headers;
  body: Uint8Array;
  /** The caller's address, which the sign-in limits count by. */
  client: string;
}

export interface SandboxReply {
  status: number;
  headers: Record<string, string>;
  /** JSON or CSV text; undefined for no body (204). */
  body: string | undefined;
}

/** Says the answer came from state, not from Prism's examples (which it gets on a 501): tests count on it. */
export const ANSWERED_BY = 'x-sandbox-answer';

class BadBody extends Error {}

const decoder = new TextDecoder();

/**
 * The sandbox behind one address: the sign-in slice, the engine for every other operation, the idempotency keys and
 * the ledger of applied writes. A call it does not answer, and any call carrying `Prefer`, gets 501 Not Implemented
 * (Prism then answers from the description's examples). It logs nothing of what it receives: bodies carry passwords.
 */
export class SandboxCore {
  readonly #routes = sandboxRoutes();
  readonly #engineRoutes: ReturnType<typeof engineRoutes>;

  constructor(
    readonly sandbox: SignInSandbox,
    readonly engine?: Engine,
    readonly keys = new IdempotencyKeys(),
    readonly ledger = new AppliedLedger(),
  ) {
    this.#engineRoutes = engine ? engineRoutes() : [];
    if (engine) {
      engine.signIn = sandbox;
      // One store for everything a client relies on (issue 31): over a shared database every instance has it.
      sandbox.keepIn(engine.store);
      keys.keepIn(engine.store);
      sandbox.onProved = (user) => acceptInvitations(engine, user);
    }
  }

  /** Whether a call (without `Prefer`) is the sandbox's to answer. */
  handles(method: string, pathname: string): boolean {
    return (
      matchSandbox(this.#routes, method, pathname) !== undefined ||
      matchEngine(this.#engineRoutes, method, pathname) !== undefined
    );
  }

  async answer(call: SandboxCall): Promise<SandboxReply> {
    const requestId = call.headers.get('x-request-id') ?? undefined;
    const echo: Record<string, string> = requestId !== undefined ? { 'x-request-id': requestId } : {};
    try {
      return await this.#answer(call, echo, requestId);
    } catch (error) {
      if (error instanceof BadBody) return json(400, problem(400, 'Bad request', error.message), echo);
      return json(500, { type: 'https://errors.runofshow.dev/server-error', title: 'Server error', status: 500 }, echo);
    }
  }

  async #answer(call: SandboxCall, echo: Record<string, string>, requestId: string | undefined) {
    const method = call.method.toUpperCase();
    const prefer = call.headers.has('prefer');
    const found = prefer ? undefined : matchSandbox(this.#routes, method, call.pathname);
    // Every other operation of the description is the engine's (issue 31), executed from its effect tables.
    const other = found || prefer ? undefined : matchEngine(this.#engineRoutes, method, call.pathname);
    const key = method === 'GET' || method === 'HEAD' ? undefined : (call.headers.get('idempotency-key') ?? undefined);
    const apiKey = call.headers.get('x-api-key') ?? '';
    const accessToken = call.query.get('accessToken') ?? undefined;
    const pathAndQuery = `${call.pathname}${call.query.size ? `?${call.query}` : ''}`;
    const { engine, sandbox, ledger } = this;
    if (engine && other) {
      const { body, files } = await engineBody(call);
      const refused = addressRuleIssue(engine.schemas, other.operationId, { ...other, query: call.query, body });
      if (refused) return engineReply(refused, echo);
      const apply = async () => {
        const caller = callerOf(engine, sandbox, accessToken);
        const answer = await engine.answer({
          operationId: other.operationId,
          path: other.path,
          query: call.query,
          body,
          files,
          ...(caller ? { caller } : {}),
          ...(accessToken ? { accessToken } : {}),
          client: call.client,
        });
        ledger.record(requestId, other.operationId, answer.status);
        return answer;
      };
      const answer =
        key === undefined
          ? await engine.turns.run(apply)
          : await this.keys.run(apiKey, key, fingerprintOf(method, pathAndQuery, body), apply, exclusiveTurn(engine));
      return engineReply(answer, echo);
    }
    if (!found) return json(501, { type: 'about:blank', title: 'Not implemented by the sandbox', status: 501 }, echo);
    const body = signInBody(call.body);
    const refused =
      engine && addressRuleIssue(engine.schemas, found.operationId, { ...found, query: call.query, body });
    if (refused) return json(refused.status, refused.body, echo);
    const signIn = async () => {
      const answer = await sandbox.answer(
        found.operationId,
        { path: found.path, query: call.query, body, client: call.client },
        accessToken,
      );
      if (engine) mirrorSignIn(engine, found.operationId, answer, callerOf(engine, sandbox, accessToken));
      // Counted where the write is applied: a replay of an idempotent write never gets here.
      ledger.record(requestId, found.operationId, answer.status);
      return answer;
    };
    // The sign-in state is in the engine's store: over a durable one, committed before the answer.
    if (key === undefined) {
      const answer = engine ? await engine.turns.run(signIn) : await signIn();
      return json(answer.status, answer.body, { ...echo, ...answer.headers });
    }
    // Scoped by caller (issue 29 F7): in proxy mode every visitor calls with the site's one API key.
    const scope = `${apiKey}\n${accessToken ?? call.client}`;
    const fingerprint = fingerprintOf(method, pathAndQuery, body);
    const answer = await this.keys.run(scope, key, fingerprint, signIn, engine ? exclusiveTurn(engine) : undefined);
    return json(answer.status, answer.body, { ...echo, ...answer.headers });
  }
}

/** A keyed write's turn: the key is looked up and the write applied with no other instance writing in between. */
const exclusiveTurn =
  (engine: Engine): Turn =>
  (work) =>
    engine.turns.run(work, { exclusive: true });

/** The 400 for a body past the transport's limit, which it stopped reading. */
export function tooLargeReply(headers: Headers): SandboxReply {
  const requestId = headers.get('x-request-id');
  return json(
    400,
    problem(400, 'Bad request', 'The body is too large.'),
    requestId ? { 'x-request-id': requestId } : {},
  );
}

const problem = (status: number, title: string, detail: string) => ({ type: 'about:blank', title, status, detail });

function json(status: number, body: unknown, headers: Record<string, string>): SandboxReply {
  return {
    status,
    headers: {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
      'cache-control': 'no-store',
      ...headers,
    },
    body: JSON.stringify(body),
  };
}

/** An engine answer: JSON, CSV text, or nothing (204). */
function engineReply(answer: Answer, echo: Record<string, string>): SandboxReply {
  const headers: Record<string, string> = { [ANSWERED_BY]: 'state', 'cache-control': 'no-store', ...echo };
  if (answer.body === undefined)
    return { status: answer.status, headers: { ...headers, ...answer.headers }, body: undefined };
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  headers['content-type'] =
    typeof answer.body === 'string'
      ? 'text/csv; charset=utf-8'
      : answer.status >= 400
        ? 'application/problem+json'
        : 'application/json';
  return { status: answer.status, headers: { ...headers, ...answer.headers }, body: text };
}

function signInBody(bytes: Uint8Array): Record<string, unknown> {
  if (bytes.length > MAX_SIGN_IN_BODY_BYTES) throw new BadBody('The body is too large.');
  if (!bytes.length) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(bytes));
  } catch {
    throw new BadBody('The body is not valid JSON.');
  }
  return isObject(parsed) ? parsed : {};
}

/** A JSON body, or a multipart one (uploads: its file parts kept as bytes, its other parts as fields). */
async function engineBody(call: SandboxCall) {
  const type = call.headers.get('content-type') ?? '';
  const body: Record<string, unknown> = {};
  const files: Record<string, { bytes: Uint8Array; name: string; type: string }> = {};
  if (!call.body.length) return { body, files };
  if (type.startsWith('multipart/form-data')) {
    // The DOM's BodyInit takes only ArrayBuffer-backed bytes (web's e2e specs check this file with the DOM lib).
    const form = await new Response(call.body as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': type },
    }).formData();
    for (const [name, value] of form) {
      if (typeof value === 'string') body[name] = value;
      else files[name] = { bytes: new Uint8Array(await value.arrayBuffer()), name: value.name, type: value.type };
    }
    return { body, files };
  }
  try {
    const parsed: unknown = JSON.parse(decoder.decode(call.body));
    return { body: isObject(parsed) ? parsed : { value: parsed }, files };
  } catch {
    throw new BadBody('The body is not valid JSON.');
  }
}
