import type { Metric } from 'web-vitals';

/** One thing the page reports; `at` is milliseconds since the page's navigation began, `route` its scrubbed path. */
export type Report = { at: number; route: string } & (
  | { type: 'vital'; name: Metric['name']; value: number; rating: Metric['rating']; id: string; navigation: string }
  | {
      type: 'error';
      kind: 'error' | 'rejection' | 'caught';
      name: string;
      message: string;
      source?: string;
      stack?: string;
    }
  | { type: 'replay'; event: unknown }
);

/** What one POST to the collector carries (docs/DEPLOY.md, "Monitoring"). */
export interface Batch {
  v: 1;
  app: 'app.login';
  session: string;
  /** A random id of this page load (a reload is a new one). */
  page: string;
  replay: boolean;
  locale: string;
  reports: Report[];
}

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** An error event, a rejection event or a thrown value, as a report's fields (what the stack names, cut short). */
export function errorFields(error: unknown): Omit<Extract<Report, { type: 'error' }>, 'at' | 'route' | 'type'> {
  if (typeof ErrorEvent !== 'undefined' && error instanceof ErrorEvent) {
    const thrown = errorFields(error.error ?? new Error(error.message));
    const source = error.filename ? `${error.filename}:${error.lineno}:${error.colno}` : undefined;
    return { ...thrown, kind: 'error', ...(source ? { source } : {}) };
  }
  if (typeof PromiseRejectionEvent !== 'undefined' && error instanceof PromiseRejectionEvent) {
    return { ...errorFields(error.reason), kind: 'rejection' };
  }
  // A file the page asked for that did not come (a script or a preloaded module before the entry ran): its element's
  // error event, which says nothing but where it happened.
  if (typeof Event !== 'undefined' && error instanceof Event) {
    const target = error.target as { tagName?: string; src?: string; href?: string } | null;
    const file = target?.src || target?.href;
    return {
      kind: 'error',
      name: file ? 'LoadError' : 'Error',
      message: `Failed to load ${target?.tagName?.toLowerCase() ?? error.type}`,
      ...(file ? { source: cut(file, 500) } : {}),
    };
  }
  if (error instanceof Error) {
    return {
      kind: 'caught',
      name: cut(error.name, 100),
      message: cut(error.message, 500),
      ...(error.stack ? { stack: cut(error.stack, 2000) } : {}),
    };
  }
  return { kind: 'caught', name: 'NonError', message: cut(String(error), 500) };
}
