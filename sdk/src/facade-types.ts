import type { ApiPromise } from './api-promise.js';
import type { FacadeTable } from './generated/facade.js';
import type { OperationId, operations as table } from './generated/operations.js';
import type { operations } from './generated/schema.js';

type Defined<T> = Exclude<T, undefined>;
type Op<K extends OperationId> = operations[K];

type PathPart<O> = O extends { parameters: { path: infer P } }
  ? [P] extends [never]
    ? unknown
    : { params: P }
  : unknown;

type QueryPart<O> = O extends { parameters: { query: infer Q } }
  ? [Q] extends [never]
    ? unknown
    : { query: Q }
  : O extends { parameters: { query?: infer Q } }
    ? [Defined<Q>] extends [never]
      ? unknown
      : { query?: Defined<Q> }
    : unknown;

type BodyOf<O> = O extends { requestBody?: infer B } ? Defined<B> : never;
type ContentOf<B> = B extends { content: infer C } ? C : never;

type PayloadPart<O> = [BodyOf<O>] extends [never]
  ? unknown
  : ContentOf<BodyOf<O>> extends { 'multipart/form-data': infer F }
    ? { file: Blob; fileName?: string; payload?: Omit<F, 'file'> }
    : ContentOf<BodyOf<O>> extends { 'application/json': infer J }
      ? O extends { requestBody: unknown }
        ? { payload: J }
        : { payload?: J }
      : unknown;

/** What any facade call, `invoke` and `upload` also take, beside the operation's own inputs. */
export interface CallOptions {
  /** Cancels this call alone (`cancelAll()` cancels every call). */
  signal?: AbortSignal;
  /** Extra headers, e.g. `Prefer` for the mock, or `X-Request-Id` to re-send a write under its first id. */
  headers?: Record<string, string>;
  /** Milliseconds each try of this call may take (the client's `timeoutMs`, or `uploadTimeoutMs`, otherwise). */
  timeout?: number;
  /** Tries after the first (the client's `retry.tries` less one otherwise; 0 sends it once). */
  retries?: number;
  /** The `Idempotency-Key` to send (a write sends its request id otherwise): re-send a write under its first key. */
  idempotencyKey?: string;
}

/** What the facade takes for an operation: `params` (path), `query`, `payload`, `file` for an upload, and the options. */
export type OperationInput<K extends OperationId> = PathPart<Op<K>> &
  QueryPart<Op<K>> &
  PayloadPart<Op<K>> &
  CallOptions;

type SuccessCode = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type SuccessOf<O> = O extends { responses: infer R } ? R[Extract<keyof R, SuccessCode>] : never;
type BodyOfResponse<R> = R extends { content: infer C } ? C[keyof C] : undefined;

/** What the facade resolves with for an operation: the documented success body. */
export type OperationOutput<K extends OperationId> = BodyOfResponse<SuccessOf<Op<K>>>;

// Behind a distributive conditional, so that tsc, checking a generic rest parameter (`...args: OperationArgs<K>`) in
// a consumer with `skipLibCheck: false`, never resolves the input of every operation at once to see that it is an
// array: 1,700 of the 11,300 types and 9,000 of the 31,000 instantiations the SDK's own files added there. For one
// operation it is the same type.
type InputOf<K extends OperationId> = K extends OperationId ? OperationInput<K> : never;

/** Arguments of a facade method: the input may be left out when nothing in it is required. */
export type OperationArgs<K extends OperationId> =
  object extends InputOf<K> ? [input?: InputOf<K>] : [input: InputOf<K>];

/**
 * One facade method: resolves with the body; `.withResponse()` on what it returns gives `{ data, response, requestId }`.
 */
export type OperationMethod<K extends OperationId> = (...args: OperationArgs<K>) => ApiPromise<OperationOutput<K>>;

type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;

/**
 * `api.users.create({ payload })`: one object per group, one method per operation, typed from the description. The
 * members are the generated `FacadeTable`'s, filtered (never renamed), so each keeps its operation's JSDoc for hover
 * and go-to-definition.
 */
export type Facade<Ids extends OperationId = OperationId> = [OperationId] extends [Ids]
  ? FacadeTable
  : {
      [G in keyof FacadeTable as G extends GroupOf<Ids> ? G : never]: {
        [M in keyof FacadeTable[G] as `${G & string}.${M & string}` extends Ids ? M : never]: FacadeTable[G][M];
      };
    };

// The upload operations, id to path, worked out once over the table. Mapped over every operationId with the path as
// a parameter (as it was), a consumer's tsc with `skipLibCheck: false` resolved all 308 rows again to see that
// `UploadIdOf<P>` is an operationId: 12,000 of the 22,000 instantiations the facade's declarations made.
type UploadIds = {
  [K in OperationId as (typeof table)[K]['upload'] extends true ? K : never]: (typeof table)[K]['path'];
};

/** The path templates that take uploads (`x-upload` in the description). */
export type UploadPath = UploadIds[keyof UploadIds];

type UploadIdOf<P> = { [K in keyof UploadIds]: UploadIds[K] extends P ? K : never }[keyof UploadIds];

export type UploadInput<P extends UploadPath> = OperationInput<UploadIdOf<P>>;
export type UploadOutput<P extends UploadPath> = OperationOutput<UploadIdOf<P>>;
