// `@runofshow/sdk/operations`: every generated operation row as its own export (`authLogin`, `usersCreate`, …) for
// `tableOf`, and the whole table as `operations`.
export * from './generated/operations.js';
