// Password hashes in flight (issue 29 F3). Each scrypt check takes tens of milliseconds of one of libuv's four
// threads: 32 failures at once from one client made everyone else's sign-in wait 1.0–2.4 s behind them. At most
// `inFlight` hashes run at once; the others wait in one queue per client, served in turn, so a client with many
// waiting delays another client's next hash by one turn, not by its whole queue. Past `queued` waiting the call is
// refused (503 with Retry-After) without hashing.

export class HashGateFull extends Error {}

export class HashGate {
  #running = 0;
  #waiting = 0;
  /** Waiting work by client; a Map keeps insertion order, which is the turn order. */
  readonly #queues = new Map<string, (() => void)[]>();

  constructor(
    readonly inFlight = 4,
    readonly queued = 256,
  ) {}

  /** Hashes now running, and waiting (for tests and measurements). */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting };
  }

  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.inFlight) {
      if (this.#waiting >= this.queued) throw new HashGateFull('too many password checks waiting');
      this.#waiting++;
      await new Promise<void>((start) => {
        const queue = this.#queues.get(client) ?? [];
        queue.push(start);
        this.#queues.set(client, queue);
      });
      this.#waiting--;
    } else this.#running++;
    try {
      return await work();
    } finally {
      this.#next();
    }
  }

  /** Hands the freed slot to the first client in turn, which then goes to the back of the turn order. */
  #next(): void {
    const [client, queue] = this.#queues.entries().next().value ?? [];
    if (client === undefined || !queue) {
      this.#running--;
      return;
    }
    const start = queue.shift();
    this.#queues.delete(client);
    if (queue.length) this.#queues.set(client, queue);
    start?.();
  }
}
