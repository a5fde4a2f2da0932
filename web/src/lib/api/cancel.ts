import { loadedApiClient } from './load-api-client.js';

const listeners = new Set<() => void>();

/** Lets a feature store put its pending state back when every request is cancelled. */
export function onCancelAll(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * §4 global cancel: the SDK's `cancelAll()` stops every call in flight, between tries or queued (they reject with
 * `ApiCancelError`), and each feature forgets what it was waiting for. A client not loaded yet has nothing to cancel.
 */
export function cancelAll(): void {
  loadedApiClient()?.cancelAll();
  for (const listener of listeners) listener();
}

/** A rejection caused by a cancel rather than by the API: it must not show as a failure. */
export function isCancelled(error: unknown): boolean {
  // By name, not `instanceof ApiCancelError`: the entry holds none of the SDK's error classes (error-kind.ts).
  return error instanceof Error && (error.name === 'ApiCancelError' || error.name === 'AbortError');
}
