import type { JournalEntry } from './journal.js';

/** The journal's entries that are calls of `operationId` whose body holds every field of `body` (compared as JSON). */
export function callsOf(entries: readonly JournalEntry[], operationId: string, body: Record<string, unknown> = {}) {
  return entries.filter(
    (entry) =>
      entry.operationId === operationId &&
      Object.entries(body).every(
        ([name, value]) =>
          typeof entry.body === 'object' &&
          entry.body !== null &&
          JSON.stringify((entry.body as Record<string, unknown>)[name]) === JSON.stringify(value),
      ),
  );
}

/**
 * Throws unless `operationId` was called exactly `times` times (once by default) with a body holding `body`: for
 * any test runner, in Node or a browser. Retries of one call (the same `X-Request-Id`) count as one call.
 */
export function expectCalled(
  entries: readonly JournalEntry[],
  operationId: string,
  body: Record<string, unknown> = {},
  times = 1,
): void {
  const found = callsOf(entries, operationId, body);
  const calls = new Set(found.map((entry) => entry.requestId ?? `#${entry.seq}`)).size;
  if (calls !== times) {
    const said = Object.keys(body).length ? ` with ${JSON.stringify(body)}` : '';
    throw new Error(
      `expected ${operationId}${said} to be called ${times} time(s), it was called ${calls} time(s) (${found.length} exchange(s))`,
    );
  }
}

/** Throws if the sandbox applied any write twice: two applications under one request id or one idempotency key. */
export function expectNoWriteAppliedTwice(entries: readonly JournalEntry[]): void {
  const seen = new Map<string, JournalEntry>();
  for (const entry of entries) {
    if (!entry.applied) continue;
    for (const id of [
      entry.requestId && `request ${entry.requestId}`,
      entry.idempotencyKey && `key ${entry.idempotencyKey}`,
    ]) {
      if (!id) continue;
      const first = seen.get(id);
      if (first) {
        throw new Error(`${entry.operationId} (${id}) was applied twice: exchanges ${first.seq} and ${entry.seq}`);
      }
      seen.set(id, entry);
    }
  }
}
