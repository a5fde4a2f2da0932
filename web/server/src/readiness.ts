/** How `/readyz` decides: the backend answers, and the host is not draining. */
export interface ReadinessOptions {
  /** The backend's origin; `GET {origin}/` must answer (any status below 500) within `timeoutMs`. */
  apiOrigin: string;
  timeoutMs?: number;
  /** Milliseconds a probe's verdict is reused, so a flood of /readyz never floods the backend (1 000). */
  reuseMs?: number;
  fetch?: typeof globalThis.fetch;
}

export type ReadyState = 'ready' | 'backend unavailable' | 'draining';

/** Readiness: the backend probed on demand (at most once per `reuseMs`), and a switch SIGTERM turns off first. */
export class Readiness {
  #draining = false;
  #last: { at: number; ok: boolean } | undefined;
  #probing: Promise<boolean> | undefined;
  readonly #options: Required<Omit<ReadinessOptions, 'fetch'>> & { fetch: typeof globalThis.fetch };

  constructor(options: ReadinessOptions) {
    this.#options = {
      apiOrigin: options.apiOrigin,
      timeoutMs: options.timeoutMs ?? 2000,
      reuseMs: options.reuseMs ?? 1000,
      fetch: options.fetch ?? globalThis.fetch,
    };
  }

  get draining(): boolean {
    return this.#draining;
  }

  drain(): void {
    this.#draining = true;
  }

  async state(): Promise<ReadyState> {
    if (this.#draining) return 'draining';
    return (await this.#backendAnswers()) ? 'ready' : 'backend unavailable';
  }

  #backendAnswers(): Promise<boolean> {
    const last = this.#last;
    if (last && performance.now() - last.at < this.#options.reuseMs) return Promise.resolve(last.ok);
    this.#probing ??= this.#probe().then((ok) => {
      this.#last = { at: performance.now(), ok };
      this.#probing = undefined;
      return ok;
    });
    return this.#probing;
  }

  async #probe(): Promise<boolean> {
    try {
      const response = await this.#options.fetch(`${this.#options.apiOrigin}/`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      await response.body?.cancel();
      return response.status < 500;
    } catch {
      return false;
    }
  }
}
