/**
 * §5 e-mail: top-level domains from the standard list plus 'mail'. The list (the `tlds` package, ~5.4 KB gzip)
 * would push /login over its 85 KB budget, so it is a separate chunk, fetched when a visitor first types an
 * address (`loadTlds`) and awaited before any submit (`tldsReady`). Until it arrives (or if it cannot) only the
 * syntax is judged.
 */
let known: ReadonlySet<string> | undefined;

// The list writes internationalized top-level domains in Unicode (`рф`); an address or a link carries their ASCII
// form (`xn--p1ai`), which the URL parser gives.
const ascii = (tld: string) =>
  /^[a-z]+$/.test(tld) ? tld : (new URL(`http://a.${tld}`).hostname.split('.').pop() ?? tld);
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

export function loadTlds(): Promise<void> {
  loading ??= import('tlds').then(
    ({ default: list }) => {
      known = new Set([...list.map(ascii), 'mail']);
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      // Offline or a failed deploy: judge the syntax only (the API still checks) and try again next time.
      console.warn('The top-level-domain list did not load; e-mail addresses are checked by syntax only.', error);
      loading = undefined;
    },
  );
  return loading;
}

/** Resolves once the list is in; every submit awaits it so no address skips the rule. */
export const tldsReady = loadTlds;

/** True when the list knows the TLD, or while the list is still loading (the submit awaits it). */
export function isKnownTld(tld: string): boolean {
  return known ? known.has(tld.toLowerCase()) : true;
}

/** True only when the list is in and knows the TLD: a name is a link only once the list says so (the submit awaits it). */
export function isListedTld(tld: string): boolean {
  return known ? known.has(tld.toLowerCase()) : false;
}

export function tldsLoaded(): boolean {
  return known !== undefined;
}

/** Lets a form re-check its e-mail once the list arrives (for `useSyncExternalStore`). */
export function subscribeTlds(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
