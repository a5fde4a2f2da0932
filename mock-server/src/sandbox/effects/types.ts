import type { OperationId, operations } from '@runofshow/sdk';
import type { SignInOperation } from '../engine/sign-in-operations.js';
import type { ViewName } from '../engine/view-names.js';

/** What an operation does to the state: the engine executes each action the same way for every resource. */
export type Action = 'create' | 'read' | 'list' | 'update' | 'transition' | 'delete' | 'upload' | 'report';

/** The kinds of record the engine keeps (the store's tables). */
export type Kind =
  | 'users'
  | 'teams'
  | 'events'
  | 'shows'
  | 'columns'
  | 'rows'
  | 'categories'
  | 'pdfPresets'
  | 'eventDocs'
  | 'fsObjects'
  | 'labels'
  | 'eventRoles'
  | 'teamRoles'
  | 'eventPermissions'
  | 'teamPermissions'
  | 'leads'
  | 'tags'
  | 'plans'
  | 'cards'
  | 'customers'
  | 'subscriptions'
  | 'subscriptionSchedules'
  | 'invoices'
  | 'tokens'
  | 'audits'
  | 'reports'
  | 'blobs'
  | 'userViews'
  | 'globalElementContainers'
  | 'catalogue';

/** Every operation the generic engine answers: all but the sign-in slice, which keeps its own handlers. */
export type EngineOperationId = Exclude<OperationId, SignInOperation>;

type PathOf<K extends OperationId> = operations[K]['parameters'] extends { path: infer P } ? P : never;
type QueryOf<K extends OperationId> = operations[K]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;
type JsonBodyOf<K extends OperationId> = operations[K] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? NonNullable<B>
  : never;
type FormBodyOf<K extends OperationId> = operations[K] extends {
  requestBody?: { content: { 'multipart/form-data': infer B } };
}
  ? NonNullable<B>
  : never;

/** The names of an object type's keys; none for `never` (whose `keyof` would be every string). */
type Names<T> = [T] extends [never] ? never : Extract<keyof T, string>;

/** Where an operation's target record is named: a path parameter, a body field or a query parameter of that operation. */
export type Locator<K extends OperationId> =
  | `path.${Names<PathOf<K>>}`
  | `body.${Names<JsonBodyOf<K>> | Names<FormBodyOf<K>>}`
  | `query.${Names<QueryOf<K>>}`
  | 'caller';

/** A field of the target record and the value it must hold (a transition's guard) or takes (its effect). */
export type Fields = Readonly<Record<string, string | number | boolean | null>>;

/**
 * One operation's effect, declared once. The engine reads the rest from the operation itself: its path names the
 * parent scope (teamId → eventId → showId → itemSetListId), its success response the shape of the answer.
 */
export interface Effect<K extends OperationId = OperationId> {
  action: Action;
  kind: Kind;
  /** The record acted on (read, update, transition, delete); by default the last path parameter naming the kind. */
  target?: Locator<K>;
  /** A transition's guard: the fields the record must hold, else the operation's declared 409. */
  when?: Fields;
  /** A transition's (or update's, create's) fixed fields. */
  set?: Fields;
  /** A list's filter on the records' fields (besides the path's scope). */
  filter?: Fields;
  /** Query parameters a list matches against text fields (`term`, `search`, `q`…), and the fields they search. */
  search?: { param: Names<QueryOf<K>>; fields: readonly string[] };
  /** A list's order: newest first unless said. */
  order?: 'newest' | 'oldest';
  /** A named computation where the generic actions do not reach (reports, layouts, views). */
  view?: ViewName;
  /** Soft-delete flag for `delete` (else the record goes for good). */
  soft?: boolean;
}

export type EffectTable = { readonly [K in EngineOperationId]?: Effect<K> };

/** The whole table: an engine operation without its effect fails `tsc`. */
export type CompleteEffectTable = { readonly [K in EngineOperationId]: Effect<K> };
