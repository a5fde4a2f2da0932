/** The languages the build writes the app's pages in (web/scripts/prerender.ts: index.html and login.html are English, index.<locale>.html and login.<locale>.html the others). */
export const PAGE_LOCALES = ['en', 'de', 'ar'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

const isPageLocale = (value: string | undefined | null): value is PageLocale =>
  (PAGE_LOCALES as readonly string[]).includes(value ?? '');

/**
 * Issue 34, no English flash: the language of the page the host sends, chosen as the app chooses it
 * (web/src/lib/i18n/locale.ts): `?lang=`, else the visitor's remembered choice (the `runofshow.locale` cookie the
 * switch writes beside its localStorage entry), else the first of the browser's languages (Accept-Language, by its
 * q-values) that the app has, else English. en-XA, the test pseudo-locale, renders in the browser (English here).
 */
export function pageLocale(url: URL, cookie: string | undefined, acceptLanguage: string | undefined): PageLocale {
  const asked = url.searchParams.get('lang');
  if (asked !== null) return isPageLocale(asked) ? asked : 'en';
  const stored = /(?:^|;\s*)runofshow\.locale=([^;]*)/.exec(cookie ?? '')?.[1];
  if (stored !== undefined) return isPageLocale(stored) ? stored : 'en';
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, order) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = Number(params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean) ?? '1');
      return { base: tag.trim().toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked.map((entry) => entry.base).find(isPageLocale) ?? 'en';
}
