import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { resumeSession } from './lib/api/load-api-client.js';
import { markSessionChecked, session } from './lib/api/session.js';
import { type Locale, preferredLocale, setLocale, wantTexts } from './lib/i18n/locale.js';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Issue 34: no English flash. The first render is in the visitor's language: the host pre-renders /login in it
// (<html lang>, app-mount.ts), so its texts must be here before hydration matches that markup; every other route
// starts empty and waits for them (a chunk the page asked for at once). A locale whose texts fail to come shows
// English.
const prerendered = root.hasChildNodes();
const first = (prerendered ? document.documentElement.lang : preferredLocale()) as Locale;
if (prerendered) wantTexts('login');
void (first === 'en' && !prerendered ? Promise.resolve() : setLocale(first))
  .catch(() => undefined)
  .then(() => {
    // /login arrives pre-rendered (scripts/prerender.ts) so it paints before this script runs: hydrate that markup,
    // as a transition, so React yields to the browser between pieces instead of holding the main thread in one
    // long task.
    if (prerendered) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
  });
// §4: resume an existing session through GET /token/user; a failure clears it. Screens that depend on it wait.
void resumeSession(session.accessToken !== undefined).finally(markSessionChecked);
