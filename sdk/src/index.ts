export { type ApiClient, type ApiClientExtras, createApiClient, createApiClientFor } from './client.js';
export { type ApiClientConfig, ApiConfigError, type ApiLogger, type RetrySettings } from './config.js';
export { ApiCancelError, ApiError, type ApiErrorKind, type Problem, UploadError } from './errors.js';
export type {
  Facade,
  OperationArgs,
  OperationInput,
  OperationOutput,
  UploadInput,
  UploadOutput,
  UploadPath,
} from './facade-types.js';
export { type OperationId, operations as operationTable } from './generated/operations.js';
export type { components, operations, paths } from './generated/schema.js';
export { type OperationSpec, type OperationTable, tableOf } from './operation-table.js';
export { unwrap } from './unwrap.js';
