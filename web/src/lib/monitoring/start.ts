/**
 * §9 monitoring, the part in the entry: a few lines, so it costs the routes' first-load budget next to nothing. When
 * the host names a collector (`<meta name="rum-endpoint">`, from RUM_ENDPOINT), errors are kept from the start and
 * the monitor (its own chunk, web-vitals inside) loads once the page is interactive: after the load event, when the
 * browser is idle. Without one nothing is listened to, loaded or sent.
 */
const early: unknown[] = [];
let report: (error: unknown) => void = (error) => early.push(error);

/** An error to report (an error event, a rejection, an error a boundary caught): kept until the monitor is here. */
export const reportError = (error: unknown) => report(error);

export function startMonitoring(): void {
  const endpoint = document.querySelector<HTMLMetaElement>('meta[name="rum-endpoint"]')?.content;
  if (!endpoint) {
    report = () => undefined;
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
