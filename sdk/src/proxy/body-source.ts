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
): BodySource {
  let received = 0;
  let over = false;
  const end = () => {
    if (over) return;
    over = true;
    stop();
  };
  return {
    async read() {
      if (over) return null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(timeoutError(idleMs)), idleMs);
      });
      try {
        const chunk = await Promise.race([next(), late]);
        if (chunk !== null) received += chunk.byteLength;
        if (length !== undefined && (chunk === null ? received !== length : received > length)) {
          throw new Error(`The API declared ${length} bytes and sent ${received}${chunk === null ? '' : ' or more'}.`);
        }
        if (chunk === null) over = true;
        return chunk;
      } catch (error) {
        end();
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: end,
  };
}
