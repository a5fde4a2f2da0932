import type { SandboxOperation } from '../sandbox.js';

/** The sign-in slice's operations, answered by `SignInSandbox`'s own handlers (issue 16), never by the engine. */
export type SignInOperation = SandboxOperation;
