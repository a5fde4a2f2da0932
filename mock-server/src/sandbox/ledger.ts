/**
 * Every call the sandbox applied (answered below 400, so its state changed or was read), by the `X-Request-Id` it came
 * with: the SDK sends the same id on every try of a call, so a write applied twice shows here as two. The fault drill
 * (scripts/drill) counts writes from it, never from what its visitors believe. A replay of an idempotent write is not
 * an application and is not counted.
 */
export class AppliedLedger {
  readonly #byRequest = new Map<string, { operationId: string; times: number }>();

  record(requestId: string | undefined, operationId: string, status: number): void {
    if (!requestId || status >= 400) return;
    const known = this.#byRequest.get(requestId);
    if (known) known.times++;
    else this.#byRequest.set(requestId, { operationId, times: 1 });
  }

  /** How many times the call with this request id was applied (0: never). */
  times(requestId: string): number {
    return this.#byRequest.get(requestId)?.times ?? 0;
  }

  /** Calls applied, each once however often it was applied. */
  get size(): number {
    return this.#byRequest.size;
  }
}
