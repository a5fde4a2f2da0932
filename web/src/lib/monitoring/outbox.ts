/**
 * A keepalive request (the only kind that outlives its page: fetch's `keepalive`, sendBeacon) may carry 64 KiB, and
 * that is for all of a page's keepalive requests in flight together. A batch is therefore closed and sent once its
 * reports reach BATCH_BYTES, so what is left when the page is hidden or left is at most that, and it still fits
 * beside one batch sent just before (issue 34: a replay batch of 90 KB at page exit went without keepalive and was
 * cancelled with the page).
 */
export const BATCH_BYTES = 30_000;
export const KEEPALIVE_QUOTA = 65_536;

const encoder = new TextEncoder();
/** The bytes a string takes on the wire (UTF-8): an Arabic page's text takes two per character. */
export const utf8Bytes = (text: string) => encoder.encode(text).length;

export interface Sent {
  body: string;
  keepalive: boolean;
}

/**
 * Reports as JSON (already scrubbed) in, request bodies out: `add` closes the open batch first when the report would
 * take it past BATCH_BYTES, `flush` closes it. `send` gets each body with whether it may go as a keepalive request
 * (it fits the quota beside those still in flight; a single report bigger than the quota cannot) and calls `done` when
 * its request has ended.
 */
export function outbox(
  head: () => string,
  send: (sent: Sent, done: () => void) => void,
): { add: (json: string) => void; flush: () => void; size: () => number } {
  let reports: string[] = [];
  let bytes = 0;
  let inFlight = 0;
  const flush = () => {
    if (reports.length === 0) return;
    // `head` is a batch's JSON with an empty "reports" array last: the reports go inside it.
    const envelope = head();
    const body = `${envelope.slice(0, -2)}${reports.join(',')}]}`;
    reports = [];
    bytes = 0;
    const size = utf8Bytes(body);
    const keepalive = inFlight + size <= KEEPALIVE_QUOTA;
    if (keepalive) inFlight += size;
    send({ body, keepalive }, () => {
      if (keepalive) inFlight -= size;
    });
  };
  const add = (json: string) => {
    const size = utf8Bytes(json) + 1;
    if (bytes > 0 && bytes + size > BATCH_BYTES) flush();
    reports.push(json);
    bytes += size;
    // One report as big as a batch (a replay's full snapshot of a long page) goes at once, alone.
    if (bytes >= BATCH_BYTES) flush();
  };
  return { add, flush, size: () => bytes };
}
