import { proxy } from 'valtio';
import { en, type Texts } from './en.js';

/** The locales offered in the switch, each named in its own language; en-XA (pseudo) only for tests. */
export const LOCALES = {
  en: { name: 'English', dir: 'ltr' },
  de: { name: 'Deutsch', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
} as const;
export type Locale = keyof typeof LOCALES | 'en-XA';
export const OFFERED = Object.keys(LOCALES) as (keyof typeof LOCALES)[];

const STORAGE_KEY = 'runofshow.locale';

// A locale's texts are their own chunk, fetched only for a visitor who reads them: English is in the entry.
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Texts>> = {
  de: () => import('./de.js').then((m) => m.de),
  ar: () => import('./ar.js').then((m) => m.ar),
  'en-XA': () => import('./pseudo.js').then((m) => m.pseudo),
};

let current: Texts = en;

/** The locale on screen; the app's root reads it, so a change renders every screen again in the new texts. */
export const localeState = proxy({ locale: 'en' as Locale });

/**
 * The texts of the locale on screen. Read at render time (and by the §5 schemas when they judge), never kept: a
 * text read at module load would stay English.
 */
export const messages: Texts = new Proxy(en, { get: (_target, key) => current[key as keyof Texts] });

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (value === 'en-XA' || Object.hasOwn(LOCALES, value));

/** The visitor's remembered choice (or `?lang=`), else the first of the browser's languages we have, else English. */
export function preferredLocale(): Locale {
  if (typeof window === 'undefined') return 'en';
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (isLocale(asked)) return asked;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, a policy): the browser's languages decide.
  }
  if (isLocale(stored)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (base && Object.hasOwn(LOCALES, base)) return base as Locale;
  }
  return 'en';
}

/** Starts fetching a locale's texts (a chunk the module loader keeps), before it is shown. */
export function prefetchLocale(locale: Locale): void {
  if (locale !== 'en') void loaders[locale]().catch(() => undefined);
}

/** Shows the app in `locale` once its texts are here; `remember` keeps the choice for the next visit. */
export async function setLocale(locale: Locale, remember = false): Promise<void> {
  const texts = locale === 'en' ? en : await loaders[locale]();
  current = texts;
  localeState.locale = locale;
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  if (!remember) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Not remembered; still shown.
  }
}

/** m:ss in the locale's digits (Arabic shows Arabic-Indic ones), for the §8 lockout countdown. */
export function formatWait(seconds: number): string {
  const number = (minimumIntegerDigits: number) =>
    new Intl.NumberFormat(localeState.locale, { minimumIntegerDigits, useGrouping: false });
  return `${number(1).format(Math.floor(seconds / 60))}:${number(2).format(seconds % 60)}`;
}
