// `@runofshow/sdk/operations`: every generated operation row as its own export (`authLogin`, `usersCreate`, …) for
// `tableOf`, and the whole table as `operations`; and `ApiConfigError`, as every entry point does.
export { ApiConfigError } from './config.js';
export * from './generated/operations.js';
