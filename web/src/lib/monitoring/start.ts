/**
 * §9 monitoring, the part in the entry: a few lines, so it costs the routes' first-load budget next to nothing. When
 * the host names a collector (`<meta name="rum-endpoint">`, from RUM_ENDPOINT), errors are kept from the start and
 * the monitor (its own chunk, web-vitals inside) loads once the page is interactive: after the load event, when the
 * browser is idle. Without one nothing is loaded or sent.
 */
const early: unknown[] = [];
let report: (error: unknown) => void = (error) => early.push(error);

/** An error to report (an error event, a rejection, an error a boundary caught): kept until the monitor is here. */
export const reportError = (error: unknown) => report(error);

export function startMonitoring(): void {
  const endpoint = document.querySelector<HTMLMetaElement>('meta[name="rum-endpoint"]')?.content;
  // The page's first lines keep the errors from before this script ran (web/scripts/head-scripts.ts): they are reported
  // with the rest, and what those lines hear from now on too (a file that failed to load included).
  const kept = (window as { rumEarly?: unknown[] }).rumEarly;
  if (kept) {
    early.push(...kept.splice(0));
    kept.push = (event) => {
      reportError(event);
      return 0;
    };
  }
  if (!endpoint) {
    report = () => undefined;
    early.length = 0;
    return;
  }
  if (!kept) {
    addEventListener('error', reportError);
    addEventListener('unhandledrejection', reportError);
  }
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
