import { describe, expect, it } from 'vitest';
import { pageLocale } from '../src/page-locale.js';

const at = (query = '') => new URL(`http://host/app.login/login${query}`);

describe('the language /login is pre-rendered in (issue 34: no English flash)', () => {
  it('is the first of the browser’s languages the app has, by q-value', () => {
    expect(pageLocale(at(), undefined, 'de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(pageLocale(at(), undefined, 'fr-FR, ar-EG;q=0.7, en;q=0.8')).toBe('en');
    expect(pageLocale(at(), undefined, 'fr;q=0.9, ar;q=0.95')).toBe('ar');
    expect(pageLocale(at(), undefined, 'de;q=0, fr')).toBe('en');
    expect(pageLocale(at(), undefined, undefined)).toBe('en');
  });

  it('follows the remembered choice over the browser, and ?lang= over both', () => {
    expect(pageLocale(at(), 'a=1; runofshow.locale=ar', 'de')).toBe('ar');
    expect(pageLocale(at(), 'runofshow.locale=en', 'de')).toBe('en');
    expect(pageLocale(at('?lang=de'), 'runofshow.locale=ar', 'en')).toBe('de');
    // The pseudo-locale, and anything unknown, renders in English (the app switches en-XA in the browser).
    expect(pageLocale(at('?lang=en-XA'), undefined, 'de')).toBe('en');
  });
});
