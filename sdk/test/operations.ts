import { type OperationSpec, type OperationTable, writeByMethod } from '../src/operation-table.js';

/**
 * A row for a test's own small operation table: a JSON call that takes no token, and a write unless it is a GET (as
 * the generator decides); `flags` says where a row differs.
 */
export function row(method: string, path: string, flags: Partial<OperationSpec> = {}): OperationSpec {
  return { method, path, upload: false, write: writeByMethod(method), token: false, parseAs: 'json', ...flags };
}

/** The upload the proxy and upload tests send: a file for `PUT /users/{userId}/photo`, with the access token. */
export const updatePhoto = row('PUT', '/users/{userId}/photo', { upload: true, token: true });
/** A read that takes the access token. */
export const getUser = row('GET', '/users/{userId}', { token: true });
/** A table of the upload alone. */
export const uploadOnly: OperationTable = { 'users.updatePhoto': updatePhoto };
