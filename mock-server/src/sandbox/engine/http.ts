import { operationTable } from '@runofshow/sdk';
import { matchRoute, type OperationRoute, pathPattern } from '../../path-pattern.js';
import type { EngineOperationId } from '../effects/types.js';
import type { Answer, SignInSandbox } from '../sandbox.js';
import { Engine, type EngineRequest } from './engine.js';
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

export type { EngineRequest };
