import type { OperationId, operations } from './generated/operations.js';

export type Operation = (typeof operations)[OperationId];

/** The shape of an operation table: the generated one, or a smaller one (tests, a proxy serving a subset). */
export interface OperationSpec {
  /** The operationId (the generated rows carry it; `tableOf` keys by it). */
  readonly id?: string;
  readonly method: string;
  readonly path: string;
  readonly upload: boolean;
  /**
   * Queued one at a time and sent with an `Idempotency-Key` (§9): every method but GET, and a GET the description
   * marks `x-write: true` because it changes something.
   */
  readonly write: boolean;
  /** Takes the access token (`accessToken` query parameter). */
  readonly token: boolean;
  /** Takes a guest pass (`guestPass` query parameter): the read-only guest views. */
  readonly guest?: boolean;
  /**
   * The query parameters the description declares for it, the credentials aside: the proxy passes these and no
   * others (none when absent).
   */
  readonly query?: readonly string[];
  /** How to read the success body: `json`, `text`, `blob`, or `none` when the description promises none (a 204). */
  readonly parseAs: string;
}
export type OperationTable = Readonly<Record<string, OperationSpec>>;

/**
 * A table of the given generated rows only, e.g. `tableOf(authLogin, usersCreate)` from `@runofshow/sdk/operations`:
 * a browser app that calls a handful of operations then bundles those rows, not all of them.
 */
export function tableOf<const S extends readonly (OperationSpec & { readonly id: string })[]>(...specs: S): TableOf<S> {
  return Object.fromEntries(specs.map((spec) => [spec.id, spec])) as TableOf<S>;
}

type TableOf<S extends readonly { readonly id: string }[]> = {
  readonly [K in S[number]['id']]: Extract<S[number], { id: K }>;
};

/** Lookups over an operation table, built once per client or proxy handler. */
export class OperationIndex {
  readonly table: OperationTable;
  readonly #byRoute = new Map<string, string>();
  readonly #uploads = new Map<string, string>();

  constructor(table: OperationTable) {
    this.table = table;
    for (const [id, op] of Object.entries(table)) {
      this.#byRoute.set(`${op.method} ${op.path}`, id);
      if (op.upload) this.#uploads.set(op.path, id);
    }
  }

  /** The operationId of a method and path template, when the table has one. */
  idOf(method: string, path: string): string | undefined {
    return this.#byRoute.get(`${method.toUpperCase()} ${path}`);
  }

  /** Looks an operation up by name without trusting the name (it may come from a URL). */
  find(id: string): OperationSpec | undefined {
    return Object.hasOwn(this.table, id) ? this.table[id] : undefined;
  }

  /** The upload operation at a path template: the upload allow-list (§8). */
  uploadAt(path: string): string | undefined {
    return this.#uploads.get(path);
  }
}

const names = new Map<string, readonly string[]>();

/** The `{name}` placeholders of a path template, in order. */
export function placeholdersOf(path: string): readonly string[] {
  let found = names.get(path);
  if (!found) {
    found = [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? '');
    names.set(path, found);
  }
  return found;
}

/**
 * Whether a route outside the operation table is a write: its method is all there is to go by. Every operation of
 * the table says so itself (`write`).
 */
export function writeByMethod(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
