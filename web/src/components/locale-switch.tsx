import { useSnapshot } from 'valtio';
import { LOCALES, type Locale, localeState, OFFERED, setLocale } from '../lib/i18n/locale.js';
import { messages } from '../lib/messages.js';

/**
 * Issue 34: the visible language switch, on every screen, each language named in itself; the choice is remembered
 * (localStorage) over the browser's languages.
 */
export function LocaleSwitch() {
  const { locale } = useSnapshot(localeState);
  return (
    <nav className="locale-switch" aria-label={messages.language}>
      <label htmlFor="locale-switch">{messages.language}</label>
      <select
        id="locale-switch"
        value={locale === 'en-XA' ? 'en' : locale}
        onChange={(event) => void setLocale(event.currentTarget.value as Locale, true)}
      >
        {OFFERED.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALES[code].name}
          </option>
        ))}
      </select>
    </nav>
  );
}
