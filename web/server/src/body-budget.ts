// What `/api` may hold in bodies at once (issue 29 F4). The proxy holds each body whole (up to its 10 MiB limit)
// while it builds the upstream call, and a body costs a few times its size by then: 100 bodies at once took a host
// from 55 MiB to 2.86 GB. Each request reserves what it may hold before a byte is read — its declared length, or the
// whole per-body limit when it declares none (chunked) — and gives it back when its answer is done. Past the total,
// 503 with Retry-After: the SDK retries it (§8), and the host stays up for everyone else.

/** Bodies `/api` holds at once by default: six at the 10 MiB limit, a hundred thousand sign-ins. */
export const API_BODY_BUDGET_BYTES = 64 * 1024 * 1024;

export class BodyBudget {
  #held = 0;

  constructor(
    readonly totalBytes: number,
    readonly perBodyBytes: number,
  ) {}

  get held(): number {
    return this.#held;
  }

  /**
   * Reserves room for a body of `declared` bytes (a Content-Length, or undefined when chunked): the bytes reserved,
   * or undefined when they do not fit. A length past the per-body limit reserves nothing: the proxy refuses it (413)
   * before reading it.
   */
  reserve(declared: string | undefined): number | undefined {
    const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
    if (length !== undefined && length > this.perBodyBytes) return 0;
    const bytes = length ?? this.perBodyBytes;
    if (bytes > 0 && this.#held + bytes > this.totalBytes) return undefined;
    this.#held += bytes;
    return bytes;
  }

  release(bytes: number): void {
    this.#held -= bytes;
  }
}
