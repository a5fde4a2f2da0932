export { type ApiClient, createApiClient } from './client.js';
export { type ApiClientConfig, ApiConfigError } from './config.js';
export { ApiError, type Problem } from './errors.js';
export { type OperationId, operations as operationTable } from './generated/operations.js';
export type { components, operations, paths } from './generated/schema.js';
export { unwrap } from './unwrap.js';
