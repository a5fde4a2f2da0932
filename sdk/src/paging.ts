// `@runofshow/sdk/paging`: lists that page themselves (issue 33). How each list pages is declared once in the
// description (`x-paging`) and generated into `generated/paging.ts`; this module walks it. It is its own entry point,
// so an app that never pages bundles none of it.
import { ApiConfigError } from './config.js';
import { ApiCancelError } from './errors.js';
import type { OperationInput, OperationOutput } from './facade-types.js';
import { type PagedId, paging } from './generated/paging.js';

export { type PagedId, paging } from './generated/paging.js';

/** One row of the paging table: how a list's last page is known, where `page` and `size` go, and their bounds. */
export interface PagingSpec {
  readonly end: 'total' | 'short-page' | 'one-page';
  readonly page?: 'query' | 'path';
  readonly maxPage?: number;
  readonly size: 'query' | 'path';
  readonly maxSize: number;
  readonly defaultSize: number;
  /** An envelope's array field (`items`, `leads`). */
  readonly items?: string;
}

type Body<K extends PagedId> = OperationOutput<K>;

/** What one item of a paged list is: an element of the array, or of the envelope's items field. */
export type PageItem<K extends PagedId> =
  Body<K> extends readonly (infer T)[]
    ? T
    : (typeof paging)[K] extends { items: infer F extends string }
      ? Body<K> extends { [P in F]: readonly (infer T)[] }
        ? T
        : never
      : never;

/** `.all()`'s options: at most `max` items (the pages asked for stop there), and a signal that stops the walk. */
export interface AllOptions {
  max?: number;
  signal?: AbortSignal;
}

/** A paged operation's two walks: page by page (each the operation's own answer), or item by item. */
export interface PagedOperation<K extends PagedId> {
  pages(input?: OperationInput<K>): AsyncIterable<Body<K>>;
  all(input?: OperationInput<K>, options?: AllOptions): AsyncIterable<PageItem<K>>;
}

/** What paging needs of a client: its `invoke` (`createApiClient`, `createApiClientFor` and `withOptions` give one). */
export interface Invoker {
  invoke(id: never, input?: never): PromiseLike<unknown>;
}
type Invoke = (id: string, input?: Record<string, unknown>) => PromiseLike<unknown>;

type Input = Record<string, unknown> & {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  signal?: AbortSignal;
};

const whole = (value: unknown, low: number, high: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= low && value <= high;

/** The first page and the size a walk asks for, checked against §5's bounds before anything is sent. */
export function startOf(id: string, spec: PagingSpec, input: Input = {}): { page: number; size: number } {
  const at = (where: 'query' | 'path' | undefined, name: string) =>
    where === 'path' ? input.params?.[name] : where === 'query' ? input.query?.[name] : undefined;
  const page = at(spec.page, 'page') ?? 1;
  const size = at(spec.size, 'size') ?? spec.defaultSize;
  if (!whole(page, 1, spec.maxPage ?? 1)) {
    throw new ApiConfigError(`${id}: page must be a whole number from 1 to ${spec.maxPage ?? 1}, not ${String(page)}.`);
  }
  if (!whole(size, 1, spec.maxSize)) {
    throw new ApiConfigError(`${id}: size must be a whole number from 1 to ${spec.maxSize}, not ${String(size)}.`);
  }
  return { page: page as number, size: size as number };
}

/** The operation's input for one page: the caller's, with `page` and `size` where the description puts them. */
export function inputFor(spec: PagingSpec, input: Input, page: number, size: number): Input {
  const next: Input = { ...input };
  const put = (where: 'query' | 'path' | undefined, name: string, value: number) => {
    if (where === 'path') next.params = { ...next.params, [name]: value };
    if (where === 'query') next.query = { ...next.query, [name]: value };
  };
  put(spec.page, 'page', page);
  put(spec.size, 'size', size);
  return next;
}

/** The items of one answer. */
export function itemsOf(spec: PagingSpec, body: unknown): readonly unknown[] {
  const list = spec.items ? (body as Record<string, unknown> | null)?.[spec.items] : body;
  return Array.isArray(list) ? list : [];
}

/**
 * The page after `page` (whose answer is `body`), or undefined when `body` was the last: the envelope's `total` is
 * reached, a page came back short, the list has one page, or §5's last page was reached.
 */
export function nextPageOf(spec: PagingSpec, body: unknown, page: number, size: number): number | undefined {
  const count = itemsOf(spec, body).length;
  // A one-page list takes no `page`: its last page is its first.
  if (count === 0 || page >= (spec.maxPage ?? 1)) return undefined;
  if (spec.end === 'total') {
    const { total, size: held } = body as { total?: unknown; size?: unknown };
    // The answer's `size` is how many a page holds (a plain list serves at most 1000 whatever was asked).
    const per = typeof held === 'number' && held > 0 ? Math.min(held, size) : size;
    return typeof total === 'number' && page * per < total ? page + 1 : undefined;
  }
  return count < size ? undefined : page + 1;
}

function cancelled(id: string, signal: AbortSignal) {
  return new ApiCancelError({ operationId: id, cause: signal.reason });
}

/** Every page of a paged operation from the input's page (1 by default), each the operation's own answer. */
export async function* pagesOf(invoker: Invoker, id: PagedId, input: Input = {}): AsyncGenerator<unknown> {
  const spec: PagingSpec = paging[id];
  const invoke = (invoker.invoke as Invoke).bind(invoker);
  const start = startOf(id, spec, input);
  const { size } = start;
  let page: number | undefined = start.page;
  // An aborted signal needs no check here: the call it is given refuses to send and rejects with ApiCancelError.
  while (page !== undefined) {
    const body = await invoke(id, inputFor(spec, input, page, size));
    yield body;
    page = nextPageOf(spec, body, page, size);
  }
}

/** Every item of a paged operation, page after page, stopping at `max` items without asking for a page more. */
export async function* allOf(
  invoker: Invoker,
  id: PagedId,
  input: Input = {},
  options: AllOptions = {},
): AsyncGenerator<unknown> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  if (!(max >= 0)) throw new ApiConfigError(`${id}: max must be 0 or more, not ${String(options.max)}.`);
  if (max === 0) return;
  const signal = options.signal ?? input.signal;
  let given = 0;
  for await (const body of pagesOf(invoker, id, signal ? { ...input, signal } : input)) {
    for (const item of itemsOf(paging[id], body)) {
      // A walk aborted mid-page gives no more of the page it holds either.
      if (signal?.aborted) throw cancelled(id, signal);
      yield item;
      if (++given >= max) return;
    }
  }
}

type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;

/** `paged(api).events.list`: each paged operation by group and name, as the client's facade names it. */
export type PagedFacade = {
  [G in GroupOf<PagedId>]: {
    [K in PagedId as K extends `${G}.${infer M}` ? M : never]: PagedOperation<K>;
  };
};

/**
 * The client's paged operations with `.pages(input)` and `.all(input, { max })`, e.g.
 * `for await (const event of paged(api).events.searchByTeam.all({ params, query: { term } })) …`.
 */
export function paged(invoker: Invoker): PagedFacade {
  const facade: Record<string, Record<string, unknown>> = {};
  for (const id of Object.keys(paging) as PagedId[]) {
    const [group = '', name = ''] = id.split('.');
    facade[group] ??= {};
    facade[group][name] = {
      pages: (input?: Input) => pagesOf(invoker, id, input),
      all: (input?: Input, options?: AllOptions) => allOf(invoker, id, input, options),
    };
  }
  return facade as PagedFacade;
}
