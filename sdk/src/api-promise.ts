/** What `.withResponse()` resolves with: the body, the answer it came in (headers, status) and the call's request id. */
export interface WithResponse<T> {
  data: T;
  /** The answer; its body has been read into `data`. */
  response: Response;
  /** The `X-Request-Id` the call was sent with (the same on every try). */
  requestId: string;
}

/**
 * What a facade call returns: a promise of the body that also offers `.withResponse()` for the answer around it
 * (Stainless's shape), both from the one call. Lazy like Stainless's `APIPromise`: the body's promise is made only
 * when awaited, so a caller who only asks `.withResponse()` leaves no second promise to reject unhandled.
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #outcome: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  constructor(outcome: Promise<WithResponse<T>>) {
    // The promise itself never settles on anything: every way of reading it goes through `then` below.
    super((resolve) => resolve(undefined as T));
    this.#outcome = outcome;
  }

  // `then` and friends on a derived promise make plain promises.
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The body with the answer it came in and the call's request id: `{ data, response, requestId }`. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#outcome;
  }

  #body(): Promise<T> {
    this.#data ??= this.#outcome.then((outcome) => outcome.data);
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: a promise that reads its body only when awaited, as Stainless's does
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#body().then(onFulfilled, onRejected);
  }

  override catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.#body().catch(onRejected);
  }

  override finally(onFinally?: (() => void) | null): Promise<T> {
    return this.#body().finally(onFinally);
  }
}
