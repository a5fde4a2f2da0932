import { pageTitle } from '@runofshow/ui/auth-card';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app/app.js';
import { showCoreTexts } from './lib/i18n/locale.js';
import { ar, de, en, loginTexts } from './lib/i18n/whole.js';

/** The build's server entry: a route's first render as HTML in one locale, for `scripts/prerender.ts`. */
export function render(path: string, locale: keyof typeof loginTexts): string {
  showCoreTexts(locale, loginTexts[locale]);
  return renderToString(
    <StrictMode>
      <App ssrPath={path} />
    </StrictMode>,
  );
}

/**
 * The `<title>` of a locale's pages before the app runs: /login's is its card's title, as the app then sets it; every
 * other route's shell says "Sign in" until its screen sets its own.
 */
export function titles(locale: keyof typeof loginTexts): { shell: string; login: string } {
  const texts = loginTexts[locale];
  return { shell: pageTitle(texts.signIn), login: pageTitle(texts.loginTitle) };
}

/**
 * Each route's `<title>` before the app runs, as its screen then sets it: app.tsx's routes in its order, as patterns of
 * the path under /app.login (wouter's matching: case-insensitive, an optional trailing slash). The host writes the
 * matching one into the page it sends (server/src/page-title.ts); the last, empty pattern is the not-found screen.
 */
export function routeTitles(locale: keyof typeof loginTexts): [string, string][] {
  const texts = { en, de, ar }[locale];
  const routes: [string, string][] = [
    ['^/login/?$', texts.loginTitle],
    ['^/login/sso(/(invalid|need-invite|error))?/?$', texts.ssoSignIn],
    ['^/signup/?$', texts.signupTitle],
    ['^/signup/invited/[^/]+/?$', texts.inviteTitle],
    ['^/reset(/[^/]+)?/?$', texts.resetTitle],
    ['^/forgot/?$', texts.forgotTitle],
    ['^/verify/[^/]+/?$', texts.verifyTitle],
    ['^/?$', texts.loginTitle],
    ['', texts.notFoundTitle],
  ];
  return routes.map(([pattern, title]) => [pattern, pageTitle(title)]);
}
