export { ApiPromise, type WithResponse } from './api-promise.js';
export { type ApiClient, type ApiClientExtras, createApiClient, createApiClientFor } from './client.js';
export {
  type ApiClientConfig,
  ApiConfigError,
  type ApiLogger,
  type ClientOptions,
  type RetrySettings,
} from './config.js';
export { ResponseContractError } from './contract/error.js';
export {
  ApiCancelError,
  ApiConnectionError,
  ApiError,
  type ApiErrorKind,
  ApiTimeoutError,
  AuthError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  type Problem,
  RateLimitError,
  UNKNOWN_OPERATION_TYPE,
  UnknownOperationError,
  UnprocessableEntityError,
  UploadError,
} from './errors.js';
export type {
  CallOptions,
  Facade,
  OperationArgs,
  OperationInput,
  OperationMethod,
  OperationOutput,
  UploadInput,
  UploadOutput,
  UploadPath,
} from './facade-types.js';
export { type OperationId, operations as operationTable } from './generated/operations.js';
export type { components, operations, paths } from './generated/schema.js';
export { type OperationSpec, type OperationTable, tableOf } from './operation-table.js';
export type { FetchResponse, Middleware, MiddlewareCallbackParams, PathClient } from './path-client.js';
export { unwrap } from './unwrap.js';
