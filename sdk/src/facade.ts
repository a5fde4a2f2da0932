import type { ApiPromise } from './api-promise.js';
import type { OperationTable } from './operation-table.js';

type Invoke = (id: string, input?: Record<string, unknown>) => ApiPromise<unknown>;
type Call = (input?: Record<string, unknown>) => ApiPromise<unknown>;

/** Builds `{ users: { create, hasTwoFactorAuth, … }, … }` from the operation table: nothing is written per operation. */
export function buildFacade(table: OperationTable, invoke: Invoke): Record<string, Record<string, Call>> {
  const facade: Record<string, Record<string, Call>> = {};
  for (const id of Object.keys(table)) {
    const [group = '', name = ''] = id.split('.');
    facade[group] ??= {};
    facade[group][name] = (input) => invoke(id, input);
  }
  return facade;
}
