import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { session as signedIn } from '../api/session.js';
import { outbox } from './outbox.js';
import { type Batch, errorFields, type Report } from './report.js';
import { sessionOf } from './sampling.js';
import { scrubbedJson } from './scrub.js';

/** Reports wait this long for company before they go, so a page sends a few requests, not one per report. */
const FLUSH_MS = 1000;
/** Errors one page reports at most: a loop that throws must not flood the collector. */
const MAX_ERRORS = 20;

type Draft = Report extends infer R ? (R extends Report ? Omit<R, 'at' | 'route'> : never) : never;

function storage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * What must never leave the page as it is, beyond what scrub.ts recognises: the API key a direct-mode page holds, the
 * access token, and whatever is typed in a field now (a message that quotes a field's value loses it).
 */
function secrets(): string[] {
  const key = document.querySelector<HTMLMetaElement>('meta[name="api-key"]')?.content ?? '';
  const typed = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map(
    (field) => field.value,
  );
  return [key, signedIn.accessToken ?? '', ...typed];
}

/**
 * §9 monitoring, once the page is interactive (start.ts loads it): web vitals and errors from every session (100 %),
 * a replay from the sampled ones (10 %: the recorder is its own chunk, fetched only then). Reports go to the
 * collector in batches, every string scrubbed (scrub.ts); returns where the page's errors go from now on.
 */
export function startMonitor(endpoint: string, early: unknown[]): (error: unknown) => void {
  const tab = sessionOf(storage());
  if (!tab.monitored) return () => undefined;
  const page = Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join('');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const head = () => {
    const batch: Batch = {
      v: 1,
      app: 'app.login',
      session: tab.id,
      page,
      replay: tab.replay,
      locale: document.documentElement.lang,
      reports: [],
    };
    return scrubbedJson(batch, []);
  };
  // A simple request (no preflight, no answer read: the collector needs no CORS), no cookies, no Referer: the page's
  // address may hold a token or an e-mail. Batches stay small enough to go as keepalive requests (outbox.ts).
  const box = outbox(head, ({ body, keepalive }, done) => {
    void fetch(endpoint, {
      method: 'POST',
      body: new Blob([body], { type: 'text/plain;charset=UTF-8' }),
      mode: 'no-cors',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      keepalive,
    })
      .catch(() => undefined)
      .finally(done);
  });
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    box.flush();
  };
  // Each report is scrubbed as it comes, with the secrets of that moment (what is typed now, the token held now).
  const push = (draft: Draft) => {
    const report = { at: Math.round(performance.now()), route: location.pathname, ...draft } as Report;
    box.add(scrubbedJson(report, secrets()));
    if (box.size() > 0) timer ??= setTimeout(flush, FLUSH_MS);
  };
  // Leaving the page (or its tab going to the background) sends what is left: CLS, INP and LCP are final only then.
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  addEventListener('pagehide', flush);

  const vital = (metric: Metric) =>
    push({
      type: 'vital',
      name: metric.name,
      value: Math.round(metric.value * 1000) / 1000,
      rating: metric.rating,
      id: metric.id,
      navigation: metric.navigationType,
    });
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(vital);

  let errors = 0;
  const report = (error: unknown) => {
    if (errors++ < MAX_ERRORS) push({ type: 'error', ...errorFields(error) });
  };
  for (const error of early.splice(0)) report(error);
  if (tab.replay) {
    void import('./replay.js').then(
      (replay) => replay.startReplay((event) => push({ type: 'replay', event })),
      () => undefined,
    );
  }
  return report;
}
