// The path-based half of the client's type (`api.GET(path, init)`, `request`, `use`, `eject`) and the app's middleware,
// declared here instead of taken from openapi-fetch (issue 30). Any `.d.ts` that names openapi-fetch's `Client` makes
// a consumer's tsc load openapi-fetch's declarations, and with `skipLibCheck: false` check them: two helper types
// there (`ClientPathsWithMethod`, `MethodResponse`) constrain on `Client<any, any>`, whose variance costs ~150,000
// instantiations and seconds of CPU in every consumer, whatever the description. So no public `.d.ts` of the package
// imports openapi-fetch (`scripts/sdk-package.ts` checks the tarball).
//
// The shapes are openapi-fetch 0.17's (MIT), fixed to this package's `paths` and media types, so a call types exactly
// as `Client<paths>` typed it (test/path-client-types.test.ts compares them). Left out: the `$Read`/`$Write` markers,
// which the generator never emits (openapi-typescript writes them only with `readWriteMarkers`).
import type { paths } from './generated/schema.js';

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type MediaType = `${string}/${string}`;
type OkStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207 | '2XX';
// biome-ignore format: openapi-fetch's list, one line
type ErrorStatus = 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 510 | 511 | '5XX' | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418 | 420 | 421 | 422 | 423 | 424 | 425 | 426 | 427 | 428 | 429 | 430 | 431 | 444 | 450 | 451 | 497 | 498 | 499 | '4XX' | 'default';

type FilterKeys<Obj, Matchers> = Obj[keyof Obj & Matchers];
// `{} extends Pick<T, K>` holds exactly when K is optional: the empty object is what it tests against.
// biome-ignore lint/complexity/noBannedTypes: see above
type RequiredKeysOfHelper<T> = { [K in keyof T]: {} extends Pick<T, K> ? never : K }[keyof T];
type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;

type ResponseContent<T> = T extends { content: unknown } ? T['content'] : unknown;
type RequestBodyOf<T> = 'requestBody' extends keyof T ? T['requestBody'] : never;
type IsBodyOptional<T> =
  RequiredKeysOf<'requestBody' extends keyof T ? Pick<T, 'requestBody'> : never> extends never ? true : false;
type BodyMediaContent<T> =
  IsBodyOptional<T> extends true
    ? ResponseContent<NonNullable<RequestBodyOf<T>>> | undefined
    : ResponseContent<RequestBodyOf<T>>;
/** An operation's request body (its one media type's content). */
type RequestBody<T> =
  FilterKeys<BodyMediaContent<T>, MediaType> extends never
    ? FilterKeys<NonNullable<BodyMediaContent<T>>, MediaType> | undefined
    : FilterKeys<BodyMediaContent<T>, MediaType>;

type ResponsesOf<T> = T extends { responses: unknown } ? T['responses'] : unknown;
type Field<T, K extends PropertyKey> = K extends keyof T ? T[K] : undefined;
// Not distributive, as openapi-fetch's is not: a content object picks its media type, anything else stays as it is.
type MediaContent<C> = [C] extends [object]
  ? FilterKeys<C, MediaType> extends never
    ? C
    : FilterKeys<C, MediaType>
  : C;
/** The content of the responses with these status codes (openapi-fetch's `GetResponseContent`). */
type ContentFor<T, Codes> = Codes extends keyof T
  ? { [K in Codes]: MediaContent<Field<T[K], 'content'>> }[Codes]
  : never;

type BodyType<T> = {
  json: T;
  text: string;
  blob: Blob;
  arrayBuffer: ArrayBuffer;
  stream: Response['body'];
};
/** How a success body is read (openapi-fetch's `parseAs`). */
export type ParseAs = keyof BodyType<unknown>;
type ParseAsResponse<T, Options> = Options extends { parseAs: ParseAs } ? BodyType<T>[Options['parseAs']] : T;

/** What a path-based call resolves with: the success's `data`, or (with an error status) its `error`. */
export type FetchResponse<T, Options> =
  | { data: ParseAsResponse<ContentFor<ResponsesOf<T>, OkStatus>, Options>; error?: never; response: Response }
  | { data?: never; error: ContentFor<ResponsesOf<T>, ErrorStatus>; response: Response };

export type HeadersOptions =
  | Required<RequestInit>['headers']
  | Record<string, string | number | boolean | (string | number | boolean)[] | null | undefined>;

export type QuerySerializer<T> = (
  query: T extends { parameters: unknown }
    ? NonNullable<T['parameters'] extends { query?: infer Q } ? Q : never>
    : Record<string, unknown>,
) => string;

/** openapi-fetch's query serializer options (form style, arrays exploded, by default). */
export type QuerySerializerOptions = {
  array?: { style: 'form' | 'spaceDelimited' | 'pipeDelimited'; explode: boolean };
  object?: { style: 'form' | 'deepObject'; explode: boolean };
  allowReserved?: boolean;
};

export type BodySerializer<T> = (body: RequestBody<T>) => unknown;
export type PathSerializer = (pathname: string, pathParams: Record<string, unknown>) => string;

type ParamsOption<T> = T extends { parameters: unknown }
  ? RequiredKeysOf<T['parameters']> extends never
    ? { params?: T['parameters'] }
    : { params: T['parameters'] }
  : { params?: { query?: Record<string, unknown> } };

type RequestBodyOption<T> =
  RequestBody<T> extends never
    ? { body?: never }
    : IsBodyOptional<T> extends true
      ? { body?: RequestBody<T> }
      : { body: RequestBody<T> };

/** A path-based call's options: the operation's `params` and `body`, and openapi-fetch's per-call options. */
export type FetchOptions<T> = ParamsOption<T> &
  RequestBodyOption<T> & {
    baseUrl?: string;
    querySerializer?: QuerySerializer<T> | QuerySerializerOptions;
    bodySerializer?: BodySerializer<T>;
    pathSerializer?: PathSerializer;
    parseAs?: ParseAs;
    fetch?: (input: Request) => Promise<Response>;
    headers?: HeadersOptions;
    middleware?: Middleware[];
  } & Omit<RequestInit, 'body' | 'headers'>;

/** What a middleware callback is shown of the client's options (openapi-fetch's `MergedOptions`). */
export type MergedOptions<T = unknown> = {
  baseUrl: string;
  parseAs: ParseAs;
  querySerializer: QuerySerializer<T>;
  bodySerializer: BodySerializer<T>;
  pathSerializer: PathSerializer;
  fetch: typeof globalThis.fetch;
};

export interface MiddlewareRequestParams {
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  path?: Record<string, unknown>;
  cookie?: Record<string, unknown>;
}

export interface MiddlewareCallbackParams {
  /** The request as it will be sent. */
  request: Request;
  /** The path template, e.g. `/users/{email}/has2fa`. */
  readonly schemaPath: string;
  /** The call's parameters. */
  readonly params: MiddlewareRequestParams;
  /** The call's request id. */
  readonly id: string;
  /** The client's options (read-only). */
  readonly options: MergedOptions;
}

// A callback that returns nothing is typed `void`: `undefined` alone would refuse it.
// biome-ignore-start lint/suspicious/noConfusingVoidType: see above
type OnRequest = (
  options: MiddlewareCallbackParams,
) => void | Request | Response | undefined | Promise<Request | Response | undefined | void>;
type OnResponse = (
  options: MiddlewareCallbackParams & { response: Response },
) => void | Response | undefined | Promise<Response | undefined | void>;
type OnError = (
  options: MiddlewareCallbackParams & { error: unknown },
) => void | Response | Error | Promise<void | Response | Error>;
// biome-ignore-end lint/suspicious/noConfusingVoidType: see above

/** The app's middleware (`api.use()`, a call's `middleware`): openapi-fetch's, so one written for it fits. */
export type Middleware =
  | { onRequest: OnRequest; onResponse?: OnResponse; onError?: OnError }
  | { onRequest?: OnRequest; onResponse: OnResponse; onError?: OnError }
  | { onRequest?: OnRequest; onResponse?: OnResponse; onError: OnError };

type PathsWith<Paths, M extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: unknown } ? P : never;
}[keyof Paths];

// The init is required only when the operation's parameters or body are.
type MaybeOptionalInit<PathItem, M extends keyof PathItem> =
  RequiredKeysOf<FetchOptions<PathItem[M]>> extends never
    ? FetchOptions<PathItem[M]> | undefined
    : FetchOptions<PathItem[M]>;

// Extra keys are added after inference, or TypeScript could not tell whether the init is required.
type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

// Generic in the paths, as openapi-fetch's are, so that a consumer's tsc checks these declarations once, generically,
// instead of resolving them over every path of the description (that doubled the types it made).
type PathMethod<Paths, M extends HttpMethod> = <
  P extends PathsWith<Paths, M>,
  Init extends MaybeOptionalInit<Paths[P], M & keyof Paths[P]>,
>(
  url: P,
  ...init: InitParam<Init>
) => Promise<FetchResponse<Paths[P][M & keyof Paths[P]], Init>>;

/** `api.GET(path, init)` and its siblings: openapi-fetch's path-based client (`Client<paths>`). */
export interface PathClient<Paths = paths> {
  request<
    M extends HttpMethod,
    P extends PathsWith<Paths, M>,
    Init extends MaybeOptionalInit<Paths[P], M & keyof Paths[P]>,
  >(method: M, url: P, ...init: InitParam<Init>): Promise<FetchResponse<Paths[P][M & keyof Paths[P]], Init>>;
  /** Call a GET endpoint */
  GET: PathMethod<Paths, 'get'>;
  /** Call a PUT endpoint */
  PUT: PathMethod<Paths, 'put'>;
  /** Call a POST endpoint */
  POST: PathMethod<Paths, 'post'>;
  /** Call a DELETE endpoint */
  DELETE: PathMethod<Paths, 'delete'>;
  /** Call a OPTIONS endpoint */
  OPTIONS: PathMethod<Paths, 'options'>;
  /** Call a HEAD endpoint */
  HEAD: PathMethod<Paths, 'head'>;
  /** Call a PATCH endpoint */
  PATCH: PathMethod<Paths, 'patch'>;
  /** Call a TRACE endpoint */
  TRACE: PathMethod<Paths, 'trace'>;
  /** Register middleware */
  use(...middleware: Middleware[]): void;
  /** Unregister middleware */
  eject(...middleware: Middleware[]): void;
}
