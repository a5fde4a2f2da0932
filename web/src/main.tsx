import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { resumeSession } from './lib/api/load-api-client.js';
import { markSessionChecked, session } from './lib/api/session.js';
import { preferredLocale, prefetchLocale } from './lib/i18n/locale.js';
import './app/styles.css';

// A visitor who reads another language: its texts start on their way now, to be shown once the page has hydrated.
prefetchLocale(preferredLocale());
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// /login arrives pre-rendered (scripts/prerender.ts) so it paints before this script runs: hydrate that markup, as a
// transition, so React yields to the browser between pieces instead of holding the main thread in one long task.
// Every other route starts empty and renders here.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
// §4: resume an existing session through GET /token/user; a failure clears it. Screens that depend on it wait.
void resumeSession(session.accessToken !== undefined).finally(markSessionChecked);
