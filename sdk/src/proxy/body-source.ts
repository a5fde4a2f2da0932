/**
 * An upstream answer's body as it arrives, pulled a chunk at a time: the proxy holds a chunk, never the answer
 * (issue 21: a 200 MiB export held whole grew the host by 506 MB), and the upstream is read only as fast as the
 * visitor takes it.
 */
export interface BodySource {
  /** The next bytes, or null at the end. Rejects when the upstream breaks off, sends other than the length it declared, or stalls. */
  read(): Promise<Uint8Array | null>;
  /** Lets go of the rest, closing the upstream connection (the visitor left, or the answer was refused). */
  cancel(): void;
  /** Whether the whole answer has arrived from the network, so that reading the rest waits on nothing, when known. */
  arrived?(): boolean;
  /**
   * The next bytes or null at the end when they have already arrived, without a wait; undefined when a `read()`
   * would have to wait (or fail). A transport that knows its buffer offers it: an answer of a few bytes is then taken
   * in the turn it arrived (issue 30: the listener's CPU per call).
   */
  now?(): Uint8Array | null | undefined;
}

export const timeoutError = (timeoutMs: number) =>
  Object.assign(new Error(`The API did not answer within ${timeoutMs} ms.`), { name: 'TimeoutError' });

/**
 * A body read through `next` (a chunk, or null at the end), held to two rules whichever transport reads it: no
 * wait for a chunk longer than `idleMs` (then a TimeoutError), and, when the upstream declared a length of the bytes
 * as read, exactly that many. `stop` closes the upstream; it is called once the body fails or is cancelled.
 */
export function guardedSource(
  next: () => Promise<Uint8Array | null>,
  stop: () => void,
  idleMs: number,
  length: number | undefined,
  arrived?: () => boolean,
  nextNow?: () => Uint8Array | null | undefined,
): BodySource {
  let received = 0;
  let over = false;
  let failure: unknown;
  // One timer an answer, not one a read (a read runs for every chunk of every answer). It fails a read that has
  // waited `idleMs` for the upstream, and lets go of an upstream nobody has read from for `idleMs` (a visitor who
  // takes nothing, a host that dropped the answer): a later read then fails, it never reads as the end. It starts at
  // the first read that could wait: an answer taken whole by `now()` never needs one.
  let waiting: ((error: unknown) => void) | undefined;
  let since = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = (ms: number) => {
    timer = setTimeout(() => {
      const idle = performance.now() - since;
      if (idle < idleMs) return watch(idleMs - idle);
      if (waiting) waiting(timeoutError(idleMs));
      else end(timeoutError(idleMs));
    }, ms);
  };
  const arm = () => {
    if (timer === undefined && !over) watch(idleMs);
  };
  const end = (error?: unknown) => {
    if (over) return;
    over = true;
    failure = error;
    clearTimeout(timer);
    stop();
  };
  const counted = (chunk: Uint8Array | null) => {
    if (chunk !== null) received += chunk.byteLength;
    if (length !== undefined && (chunk === null ? received !== length : received > length)) {
      throw new Error(`The API declared ${length} bytes and sent ${received}${chunk === null ? '' : ' or more'}.`);
    }
    if (chunk === null) {
      over = true;
      clearTimeout(timer);
    }
    return chunk;
  };
  if (!nextNow) watch(idleMs);
  return {
    read() {
      if (failure !== undefined) return Promise.reject(failure);
      if (over) return Promise.resolve(null);
      arm();
      since = performance.now();
      return new Promise((resolve, reject) => {
        const fail = (error: unknown) => {
          waiting = undefined;
          end(error);
          reject(error);
        };
        waiting = fail;
        next().then((chunk) => {
          if (waiting !== fail) return;
          waiting = undefined;
          since = performance.now();
          try {
            resolve(counted(chunk));
          } catch (error) {
            fail(error);
          }
        }, fail);
      });
    },
    cancel: () => end(),
    ...(arrived ? { arrived } : {}),
    ...(nextNow
      ? {
          now() {
            if (failure !== undefined) return undefined;
            if (over) return null;
            const chunk = nextNow();
            if (chunk === undefined) {
              arm();
              return undefined;
            }
            since = performance.now();
            try {
              return counted(chunk);
            } catch (error) {
              end(error);
              return undefined;
            }
          },
        }
      : {}),
  };
}

/**
 * Reads the next chunk when it is already there (the end of a small answer arrives with its bytes), else leaves that
 * read pending for whoever reads next: `ready` is what arrived within this turn of the event loop, `rest` the
 * source to go on from.
 */
export async function settledRead(
  source: BodySource,
): Promise<{ ready: Uint8Array | null | undefined; rest: BodySource }> {
  const pending = source.read();
  const settled = await Promise.race([pending.then(() => true), nextTurn()]);
  if (settled) return { ready: await pending, rest: source };
  let taken = false;
  const rest: BodySource = {
    read: () => {
      if (taken) return source.read();
      taken = true;
      return pending;
    },
    cancel: () => source.cancel(),
  };
  // A pending read that fails while nobody waits on it is read, and failed, by the next reader.
  pending.catch(() => undefined);
  return { ready: undefined, rest };
}

/** Resolves false once the event loop has turned: after the I/O already received has been handled. */
const nextTurn = (): Promise<false> =>
  new Promise((resolve) => {
    const later = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
    if (later) later(() => resolve(false));
    else setTimeout(() => resolve(false), 0);
  });
