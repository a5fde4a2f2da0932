// `@runofshow/sdk/react-query`: TanStack Query 5 for every operation (issue 33), per operation `queryOptions`,
// `useQuery`, `useSuspenseQuery`, `useMutation` and, for the paged lists, `infiniteQueryOptions` and
// `useInfiniteQuery` whose next page is the description's `x-paging`. Not built on openapi-react-query: its keys are
// `[method, path, init]` and its calls openapi-fetch's own, while here a key is the operationId and input (what the
// stale-read table is keyed by), and a call is the SDK's (its write queue, retries, typed errors, cancel).
import {
  type DefaultError,
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
  queryOptions,
  type UseInfiniteQueryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import type { ApiClient } from './client.js';
import type { OperationInput, OperationOutput } from './facade-types.js';
import type { OperationId } from './generated/operations.js';
import { type PagedId, paging } from './generated/paging.js';
import { inputFor, nextPageOf, startOf } from './paging.js';

type Input = Record<string, unknown>;
const OPTIONS = new Set(['signal', 'headers', 'timeout', 'retries', 'idempotencyKey']);

/**
 * An operation's query key: `[operationId]`, or `[operationId, input]` without the call options (signal, headers…),
 * which do not change what is read. TanStack hashes keys with their object keys sorted, so equal inputs share a key.
 */
export function queryKeyOf(id: string, input?: object): QueryKey {
  const kept = Object.entries(input ?? {}).filter(([name, value]) => !OPTIONS.has(name) && value !== undefined);
  return kept.length ? [id, Object.fromEntries(kept)] : [id];
}

type StaleTable = { readonly [id: string]: string };
let loading: Promise<StaleTable> | undefined;

/**
 * The stale-read table (308 operations, about 2 KB gzip), a chunk of its own: the first mutation hook loads it, so an
 * app that only reads, or whose first write has not rendered yet, downloads none of it. A failed load is tried again.
 */
function staleTable(): Promise<StaleTable> {
  loading ??= import('./generated/stale.js').then(
    (module) => module.touches,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const kindsOf = (table: StaleTable, id: unknown) => (typeof id === 'string' ? (table[id]?.split(' ') ?? []) : []);

/** The operationIds of the reads a write makes stale: those that show a kind of record it changes. */
export async function staleAfter(writeId: string): Promise<string[]> {
  const table = await staleTable();
  const changed = new Set(kindsOf(table, writeId));
  return Object.keys(table).filter((id) => id !== writeId && kindsOf(table, id).some((kind) => changed.has(kind)));
}

/**
 * Marks stale, and refetches when shown, every cached read the write `writeId` makes stale. Were the table's chunk
 * not to load, every cached read is marked stale instead: a refetch too many beats a screen showing what the write
 * changed.
 */
export async function invalidateAfter(client: QueryClient, writeId: string): Promise<void> {
  const stale = await staleAfter(writeId).then(
    (ids) => new Set(ids),
    () => undefined,
  );
  return client.invalidateQueries(stale ? { predicate: (query) => stale.has(String(query.queryKey[0])) } : {});
}

type Out<K extends OperationId> = OperationOutput<K>;
type In<K extends OperationId> = OperationInput<K>;
type QueryOptionsOf<K extends OperationId> = Omit<
  UseQueryOptions<Out<K>, DefaultError, Out<K>, QueryKey>,
  'queryKey' | 'queryFn'
>;
type Infinite<K extends OperationId> = InfiniteData<Out<K>, number>;

/** One operation's hooks. */
export interface OperationQueries<K extends OperationId> {
  queryKey(input?: In<K>): QueryKey;
  queryOptions(input?: In<K>, options?: QueryOptionsOf<K>): UseQueryOptions<Out<K>, DefaultError, Out<K>, QueryKey>;
  useQuery(input?: In<K>, options?: QueryOptionsOf<K>): ReturnType<typeof useQuery<Out<K>, DefaultError, Out<K>>>;
  useSuspenseQuery(input?: In<K>): ReturnType<typeof useSuspenseQuery<Out<K>, DefaultError, Out<K>>>;
  /**
   * Calls the operation through the SDK (a write: its write queue, one at a time), each `mutate` under one
   * `Idempotency-Key` however often TanStack retries it, and on success invalidates the reads it makes stale.
   */
  useMutation<C = unknown>(
    options?: Omit<UseMutationOptions<Out<K>, DefaultError, In<K>, C>, 'mutationFn'>,
  ): ReturnType<typeof useMutation<Out<K>, DefaultError, In<K>, C>>;
}

/** A paged operation's infinite query: page after page as the description's `x-paging` says, never past the end. */
export interface PagedQueries<K extends PagedId> extends OperationQueries<K> {
  infiniteQueryOptions(input?: In<K>): UseInfiniteQueryOptions<Out<K>, DefaultError, Infinite<K>, QueryKey, number>;
  useInfiniteQuery(
    input?: In<K>,
  ): ReturnType<typeof useInfiniteQuery<Out<K>, DefaultError, Infinite<K>, QueryKey, number>>;
}

type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;

/** `queries.events.searchByTeam.useQuery(input)`: every operation by group and name, as the facade names it. */
export type Queries<Ids extends OperationId = OperationId> = {
  [G in GroupOf<Ids>]: {
    [K in Ids as K extends `${G}.${infer M}` ? M : never]: K extends PagedId ? PagedQueries<K> : OperationQueries<K>;
  };
};

/** The hooks of every operation the client knows (its facade's), calling through it. */
export function createQueries<Ids extends OperationId>(api: ApiClient<Ids>): Queries<Ids> {
  const invoke = (id: string, input?: Input) =>
    (api.invoke as unknown as (id: string, input?: Input) => PromiseLike<unknown>)(id, input) as Promise<unknown>;
  const queries: Record<string, Record<string, unknown>> = {};
  for (const [group, methods] of Object.entries(api)) {
    if (!methods || typeof methods !== 'object') continue;
    queries[group] = {};
    for (const name of Object.keys(methods)) queries[group][name] = operationQueries(invoke, `${group}.${name}`);
  }
  return queries as Queries<Ids>;
}

function operationQueries(invoke: (id: string, input?: Input) => Promise<unknown>, id: string) {
  const options = (input?: Input, extra?: object) =>
    queryOptions({
      ...extra,
      queryKey: queryKeyOf(id, input),
      queryFn: ({ signal }) => invoke(id, { ...input, signal }),
    });
  // One key per `mutate`: TanStack hands a retry the same variables object, so the retry re-sends the first key.
  const keys = new WeakMap<object, string>();
  const keyOf = (input: Input) => {
    const key = keys.get(input) ?? crypto.randomUUID();
    keys.set(input, key);
    return key;
  };
  const hooks: Record<string, unknown> = {
    queryKey: (input?: Input) => queryKeyOf(id, input),
    queryOptions: options,
    useQuery: (input?: Input, extra?: object) => useQuery(options(input, extra)),
    useSuspenseQuery: (input?: Input) => useSuspenseQuery(options(input)),
    useMutation: (extra: UseMutationOptions<unknown, DefaultError, Input, unknown> = {}) => {
      const client = useQueryClient();
      // Fetched while the form is filled in, so the write's success need not wait for it.
      void staleTable().catch(() => undefined);
      return useMutation({
        ...extra,
        mutationFn: (input: Input = {}) =>
          invoke(id, input.idempotencyKey === undefined ? { ...input, idempotencyKey: keyOf(input) } : input),
        // On success only: a write that failed changed nothing, and an optimistic update is the app's to roll back.
        onSuccess: async (...args) => {
          await extra.onSuccess?.(...args);
          await invalidateAfter(client, id);
        },
      });
    },
  };
  if (Object.hasOwn(paging, id)) {
    const spec = paging[id as PagedId];
    const infinite = (input: Input = {}) => {
      const { page, size } = startOf(id, spec, input);
      return infiniteQueryOptions({
        queryKey: [...queryKeyOf(id, input), 'pages'],
        initialPageParam: page,
        queryFn: ({ pageParam, signal }) => invoke(id, { ...inputFor(spec, input, pageParam, size), signal }),
        getNextPageParam: (last: unknown, _all: unknown, at: number) => nextPageOf(spec, last, at, size),
      });
    };
    hooks.infiniteQueryOptions = infinite;
    hooks.useInfiniteQuery = (input?: Input) => useInfiniteQuery(infinite(input));
  }
  return hooks;
}
