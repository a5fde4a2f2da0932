/**
 * §9 monitoring, the part in the entry: a few lines, so it costs the routes' first-load budget next to nothing. When
 * the host names a collector (`<meta name="rum-endpoint">`, from RUM_ENDPOINT), errors are kept from the start and
 * the monitor (its own chunk, web-vitals inside) loads once the page is interactive: after the load event, when the
 * browser is idle. Without one nothing is listened to, loaded or sent.
 */
const early: unknown[] = [];
/** The page's first lines keep the errors from before this script ran (scripts/head-scripts.ts). */
interface EarlyErrors {
  q: Event[];
  k: (event: Event) => void;
  taken?: boolean;
}
let report: (error: unknown) => void = (error) => early.push(error);

/** An error to report (an error event, a rejection, an error a boundary caught): kept until the monitor is here. */
export const reportError = (error: unknown) => report(error);

export function startMonitoring(): void {
  // From here on this script listens: the page's first lines stop, and what they kept is reported with the rest
  // (without a collector, dropped). Taken, they no longer report it themselves at the load event.
  const inline = (window as { rumEarly?: EarlyErrors }).rumEarly;
  if (inline) {
    inline.taken = true;
    removeEventListener('error', inline.k, true);
    removeEventListener('unhandledrejection', inline.k);
    early.push(...inline.q.splice(0));
  }
  const endpoint = document.querySelector<HTMLMetaElement>('meta[name="rum-endpoint"]')?.content;
  if (!endpoint) {
    report = () => undefined;
    early.length = 0;
    return;
  }
  addEventListener('error', reportError);
  addEventListener('unhandledrejection', reportError);
  const load = () =>
    import('./monitor.js').then(
      (monitor) => {
        report = monitor.startMonitor(endpoint, early);
      },
      () => undefined,
    );
  // The entry runs before the load event, always (a module script is deferred). Safari has no requestIdleCallback.
  addEventListener('load', () => ('requestIdleCallback' in window ? requestIdleCallback(load) : setTimeout(load)));
}
