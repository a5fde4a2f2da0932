import { type OperationId, operationTable } from '@runofshow/sdk';
import { matchRoute, type OperationRoute, pathPattern } from '../path-pattern.js';

let routes: OperationRoute<OperationId>[] | undefined;

/**
 * The description's operation a request is for, or undefined. Literal paths are tried before templated ones, as
 * Prism and any server match them (`/users/count` before `/users/{userId}`).
 */
export function operationOf(method: string, pathname: string): OperationId | undefined {
  routes ??= (Object.keys(operationTable) as OperationId[])
    .map((operationId) => {
      const { method: m, path } = operationTable[operationId];
      return { operationId, method: m, path, ...pathPattern(path) };
    })
    .sort((a, b) => a.names.length - b.names.length)
    .map(({ path: _path, ...route }) => route);
  return matchRoute(routes, method, pathname)?.operationId;
}
