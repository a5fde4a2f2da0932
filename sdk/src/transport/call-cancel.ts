/**
 * A call's cancel switch (`cancelAll()`, the caller's own `signal`): who listens is the write queue, the settle-at-once
 * guard and the try in flight. A plain object rather than an `AbortController`, because in Node 20 every
 * `AbortSignal` is a transferable object that costs more to make than the rest of a call's bookkeeping; only the try
 * itself, which `fetch` must be able to stop, carries a real signal.
 */
export class CallCancel {
  #aborted = false;
  #reason: unknown;
  #listeners: (() => void)[] = [];

  get aborted(): boolean {
    return this.#aborted;
  }

  /** The caller's signal's reason, when its signal cancelled the call. */
  get reason(): unknown {
    return this.#reason;
  }

  /** Calls `listener` once when the call is cancelled; returns what removes it. */
  onCancel(listener: () => void): () => void {
    this.#listeners.push(listener);
    return () => {
      const at = this.#listeners.indexOf(listener);
      if (at >= 0) this.#listeners.splice(at, 1);
    };
  }

  cancel(reason?: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }

  /** What a cancelled step rejects with: the `AbortError` a cancelled `fetch` gives, which nothing retries. */
  static error(): DOMException {
    return new DOMException('The call was cancelled.', 'AbortError');
  }
}
