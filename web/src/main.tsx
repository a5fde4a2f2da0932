import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { resumeSession } from './lib/api/load-api-client.js';
import { markSessionChecked, session } from './lib/api/session.js';
import { type Locale, OFFERED, preferredLocale, setLocale, wantTexts } from './lib/i18n/locale.js';
import { reportError, startMonitoring } from './lib/monitoring/start.js';
import './app/styles.css';

const LOCALE_TAGS: string[] = OFFERED;
// §9: errors are kept from here on; the monitor itself loads once the page is interactive (only when the host names a
// collector).
startMonitoring();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Issue 34: no English flash. The first render is in the visitor's language: the host sends the page in it (<html
// lang>, /login pre-rendered; server/src/app-mount.ts), with its texts named for the browser to fetch beside this
// script; they must be here before the first render (and before hydration matches the pre-rendered markup). If they
// cannot come, English; if English cannot either, the page renders without texts rather than not at all.
const prerendered = root.hasChildNodes();
const shown = document.documentElement.lang;
// A page the app renders from empty starts in the visitor's choice at once, even one the host could not see (a choice
// in localStorage only): nothing is on screen yet to disagree with it. A pre-rendered one must hydrate as it came.
const first = (prerendered && LOCALE_TAGS.includes(shown) ? shown : preferredLocale()) as Locale;
if (prerendered) wantTexts('login');
void setLocale(first)
  .catch(() => setLocale('en'))
  .catch(() => undefined)
  .then(() => {
    // /login arrives pre-rendered (scripts/prerender.ts) so it paints before this script runs: hydrate that markup,
    // as a transition, so React yields to the browser between pieces instead of holding the main thread in one
    // long task.
    // An error a boundary caught (the §8 'Uh oh' screen) never reaches the window's error event: report it here.
    const options = { onCaughtError: reportError };
    if (prerendered) startTransition(() => void hydrateRoot(root, app, options));
    else createRoot(root, options).render(app);
  });
// §4: resume an existing session through GET /token/user; a failure clears it. Screens that depend on it wait.
void resumeSession(session.accessToken !== undefined).finally(markSessionChecked);
