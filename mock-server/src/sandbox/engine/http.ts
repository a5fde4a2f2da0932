import type { IncomingMessage, ServerResponse } from 'node:http';
import { operationTable } from '@runofshow/sdk';
import { matchRoute, type OperationRoute, pathPattern } from '../../path-pattern.js';
import { readBody } from '../../read-body.js';
import type { EngineOperationId } from '../effects/types.js';
import type { Answer, SignInSandbox } from '../sandbox.js';
import { Engine, type EngineRequest, type Upload } from './engine.js';
import { isObject } from './schema.js';
import type { StoredRecord } from './store.js';

interface EngineRoute extends OperationRoute<EngineOperationId> {
  /** Literal segments first: `/users/count` must win over `/users/{userId}`. */
  rank: number[];
}

/** The engine's operations as method + path patterns, most specific first. */
export function engineRoutes(): EngineRoute[] {
  return Engine.operations
    .map((operationId) => {
      const { method, path } = operationTable[operationId];
      const rank = path.split('/').map((segment) => (segment.startsWith('{') ? 1 : 0));
      return { operationId, method, rank, ...pathPattern(path) };
    })
    .sort((a, b) => {
      for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) {
        const d = (a.rank[i] ?? 0) - (b.rank[i] ?? 0);
        if (d) return d;
      }
      return a.rank.length - b.rank.length;
    });
}

export function matchEngine(
  routes: EngineRoute[],
  method: string,
  pathname: string,
): { operationId: EngineOperationId; path: Record<string, string> } | undefined {
  return matchRoute(routes, method, pathname);
}

/** Prism's own body limit: the mock's front refuses more before it gets here. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export class BadEngineBody extends Error {}

/** A JSON body, or a multipart one (uploads: its file parts kept as bytes, its other parts as fields). */
export async function readEngineBody(
  req: IncomingMessage,
): Promise<{ body: Record<string, unknown>; files: Record<string, Upload> }> {
  const bytes = await readBody(req, MAX_BODY_BYTES);
  if (bytes === 'too large') throw new BadEngineBody('The body is too large.');
  const type = req.headers['content-type'] ?? '';
  if (!bytes.length) return { body: {}, files: {} };
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
    const body: Record<string, unknown> = {};
    const files: Record<string, Upload> = {};
    for (const [name, value] of form) {
      if (typeof value === 'string') body[name] = value;
      else files[name] = { bytes: Buffer.from(await value.arrayBuffer()), name: value.name, type: value.type };
    }
    return { body, files };
  }
  try {
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    return { body: isObject(parsed) ? parsed : { value: parsed }, files: {} };
  } catch {
    throw new BadEngineBody('The body is not valid JSON.');
  }
}

/**
 * The signed-in user a call's access token names, from the sign-in slice (which keeps the sessions), as the engine's
 * record of that user (the sign-in slice's sign-ups are copied into the engine's store as they happen).
 */
export function callerOf(
  engine: Engine,
  signIn: SignInSandbox,
  accessToken: string | undefined,
): StoredRecord | undefined {
  if (!accessToken) return undefined;
  const answer = signIn.tokenUser(accessToken);
  if (answer.status !== 200 || !isObject(answer.body) || typeof answer.body._id !== 'string') return undefined;
  return engine.store.get('users', answer.body._id) ?? mirrorUser(engine, answer.body);
}

/** Keeps the engine's users and teams in step with what the sign-in slice created (sign-up, the sign-up's team). */
export function mirrorSignIn(engine: Engine, operationId: string, answer: Answer, caller?: StoredRecord): void {
  if (answer.status !== 201 || !isObject(answer.body) || typeof answer.body._id !== 'string') return;
  if (operationId === 'users.create') mirrorUser(engine, answer.body);
  if (operationId === 'teams.create') {
    const { roles, ...team } = answer.body as StoredRecord;
    engine.store.put('teams', { ...team, deleted: false, createdOn: new Date(engine.clock()).toISOString() });
    for (const role of Array.isArray(roles) ? roles.filter(isObject) : []) {
      if (typeof role._id === 'string') engine.store.put('teamRoles', { ...role, _id: role._id });
    }
    if (caller) engine.store.put('audits', auditOfTeam(engine, team as StoredRecord, caller));
  }
}

function mirrorUser(engine: Engine, user: Record<string, unknown>): StoredRecord {
  const record = { deleted: false, ...user, _id: String(user._id) };
  engine.store.put('users', record);
  return record;
}

const auditOfTeam = (engine: Engine, team: StoredRecord, caller: StoredRecord): StoredRecord => ({
  _id: `a${team._id.slice(1)}`,
  methodName: 'teams.create',
  userId: caller._id,
  userName: `${String(caller.firstName)} ${String(caller.lastName)}`,
  teamId: team._id,
  eventId: null,
  showId: null,
  rowId: null,
  columnId: null,
  kind: 'teams',
  previousValue: null,
  value: team,
  createdOn: new Date(engine.clock()).toISOString(),
});

export const ANSWERED_BY = 'x-sandbox-answer';

/** Writes an engine answer: JSON, CSV text, or nothing (204). */
export function replyEngine(res: ServerResponse, answer: Answer, echo: Record<string, string>): void {
  // Says the answer came from state, not from Prism's examples (which it gets on a 501): tests count on it.
  res.setHeader(ANSWERED_BY, 'state');
  if (answer.body === undefined) {
    res.writeHead(answer.status, { 'cache-control': 'no-store', ...echo, ...answer.headers });
    return void res.end();
  }
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const type =
    typeof answer.body === 'string'
      ? 'text/csv; charset=utf-8'
      : answer.status >= 400
        ? 'application/problem+json'
        : 'application/json';
  res.writeHead(answer.status, {
    'content-type': type,
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...echo,
    ...answer.headers,
  });
  res.end(text);
}

export type { EngineRequest };
