import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app/app.js';
import { showCoreTexts } from './lib/i18n/locale.js';
import { loginTexts } from './lib/i18n/whole.js';

/** The build's server entry: a route's first render as HTML in one locale, for `scripts/prerender.ts`. */
export function render(path: string, locale: keyof typeof loginTexts): string {
  showCoreTexts(locale, loginTexts[locale]);
  return renderToString(
    <StrictMode>
      <App ssrPath={path} />
    </StrictMode>,
  );
}
