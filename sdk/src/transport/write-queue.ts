import type { CallCancel } from './call-cancel.js';

/**
 * Runs writes one at a time across a client, in call order (§9 "write concurrency 1"; Octokit serialises writes the
 * same way). A write cancelled while it waits rejects at once and hands its turn on when the write before it settles,
 * so neither a failed nor a cancelled write can block the ones behind it.
 */
export class WriteQueue {
  #tail: Promise<void> = Promise.resolve();
  #waiting = 0;

  /** Writes queued behind the one in flight. */
  get waiting(): number {
    return this.#waiting;
  }

  run<T>(job: () => Promise<T>, cancel: CallCancel, cancelled: () => Error): Promise<T> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#waiting++;
    return new Promise<T>((resolve, reject) => {
      const onCancel = () => {
        this.#waiting--;
        reject(cancelled());
        void previous.then(release);
      };
      if (cancel.aborted) return onCancel();
      const off = cancel.onCancel(onCancel);
      void previous.then(() => {
        if (cancel.aborted) return;
        off();
        this.#waiting--;
        job().then(
          (value) => {
            release();
            resolve(value);
          },
          (error: unknown) => {
            release();
            reject(error);
          },
        );
      });
    });
  }
}
