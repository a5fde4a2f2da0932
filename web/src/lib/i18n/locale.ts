import { proxy } from 'valtio';
import type { texts as Account } from './en/account.js';
import type { texts as Core } from './en/core.js';
import type { texts as Forgot } from './en/forgot.js';
import type { texts as Invite } from './en/invite.js';
import type { texts as Login } from './en/login.js';
import type { texts as Reset } from './en/reset.js';
import type { texts as Rules } from './en/rules.js';
import type { texts as Signup } from './en/signup.js';
import type { texts as Sso } from './en/sso.js';
import type { texts as Verify } from './en/verify.js';

/** The locales offered in the switch, each named in its own language; en-XA (pseudo) only for tests. */
export const LOCALES = {
  en: { name: 'English', dir: 'ltr' },
  de: { name: 'Deutsch', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
} as const;
export type Locale = keyof typeof LOCALES | 'en-XA';
export const OFFERED = Object.keys(LOCALES) as (keyof typeof LOCALES)[];

/**
 * The catalogue, in parts by screen (issue 34: /login's budget, and the invited sign-up's, hold in every locale):
 * `core` is what every screen shares; each screen's own texts come with the screen (app.tsx), in the visitor's
 * language only. Every part is a chunk of its own, English too (a German or Arabic visitor never needs English):
 * the page the host sends is in the visitor's language and names its core part (and /login's) for the browser to
 * fetch beside the entry (scripts/prerender.ts, server/src/app-mount.ts).
 */
export type Part = 'core' | 'login' | 'account' | 'signup' | 'invite' | 'sso' | 'forgot' | 'reset' | 'verify' | 'rules';
export type Texts = typeof Core &
  typeof Login &
  typeof Account &
  typeof Signup &
  typeof Invite &
  typeof Sso &
  typeof Forgot &
  typeof Reset &
  typeof Verify &
  typeof Rules;

// Named i18n-<locale>-<part> by the build (vite.config.ts): the budget and the tests tell them apart by that name.
const files = import.meta.glob<{ texts: Partial<Texts> }>('./{en,de,ar}/*.ts');

const STORAGE_KEY = 'runofshow.locale';
/** Also a cookie, so the host can send /login pre-rendered in the remembered language (app-mount.ts). */
const COOKIE = `${STORAGE_KEY}=`;

/** The parts the app has asked for so far: a change of locale fetches each of them in the new one. */
const wanted = new Set<Part>(['core']);
/** The parts on screen now, in the locale on screen. */
let have = new Set<Part>();
let current: Partial<Texts> = {};

/** The locale on screen; the app's root reads it, so a change renders every screen again in the new texts. */
export const localeState = proxy({ locale: 'en' as Locale });

/**
 * The texts of the locale on screen. Read at render time (and by the §5 schemas when they judge), never kept: a
 * text read at module load would stay English.
 */
export const messages = new Proxy({} as Texts, { get: (_target, key) => current[key as keyof Texts] });

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (value === 'en-XA' || Object.hasOwn(LOCALES, value));

async function partIn(locale: Locale, part: Part): Promise<Partial<Texts>> {
  // The pseudo-locale is for tests: its code is a chunk of its own, never in a visitor's first load.
  if (locale === 'en-XA') return (await import('./pseudo.js')).pseudo(await partIn('en', part));
  const load = files[`./${locale}/${part}.ts`];
  if (!load) throw new Error(`No texts for ${locale}/${part}`);
  return (await load()).texts;
}

/** Fetches a part of the catalogue in the locale on screen; a screen renders once its part is here (app.tsx). */
export async function loadTexts(part: Part): Promise<void> {
  wanted.add(part);
  const locale = localeState.locale;
  const texts = await partIn(locale, part);
  // The locale changed meanwhile: the change may have started before this part was wanted, so fetch it again.
  if (localeState.locale !== locale) return loadTexts(part);
  Object.assign(current, texts);
  have.add(part);
}

/** Marks a part as on screen (a change of locale fetches it too) without fetching it now. */
export function wantTexts(part: Part): void {
  wanted.add(part);
}

/** Whether a part's texts are on screen in the locale on screen (a screen shown without them would be blank). */
export const hasTexts = (part: Part) => have.has(part);

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

/** The build's pre-render of /login: shows `locale` at once with its core and login texts, at hand in the server build. */
export function showCoreTexts(locale: Locale, texts: Partial<Texts>): void {
  current = { ...texts };
  have = new Set(['core', 'login']);
  localeState.locale = locale;
}

/** Shows the app in `locale` once its texts are here; `remember` keeps the choice for the next visit. */
export async function setLocale(locale: Locale, remember = false): Promise<void> {
  const parts = [...wanted];
  const texts = await Promise.all(parts.map((part) => partIn(locale, part)));
  current = Object.assign({}, ...texts);
  have = new Set(parts);
  localeState.locale = locale;
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  if (!remember) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Not remembered here; the cookie may still be.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the host reads it; the Cookie Store API is not in every browser.
  document.cookie = `${COOKIE}${locale}; path=/app.login; max-age=31536000; samesite=lax`;
}

/** m:ss in the locale's digits (Arabic shows Arabic-Indic ones), for the §8 lockout countdown. */
export function formatWait(seconds: number): string {
  const number = (minimumIntegerDigits: number) =>
    new Intl.NumberFormat(localeState.locale, { minimumIntegerDigits, useGrouping: false });
  return `${number(1).format(Math.floor(seconds / 60))}:${number(2).format(seconds % 60)}`;
}
