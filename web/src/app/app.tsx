import { PageErrorBoundary } from '@runofshow/ui/page-error-boundary';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { LocaleSwitch } from '../components/locale-switch.js';
import { LoginPage } from '../features/login/login-page.js';
import { cancelAll } from '../lib/api/cancel.js';
import {
  hasTexts,
  loadTexts,
  localeState,
  type Part,
  preferredLocale,
  setLocale,
  wantTexts,
} from '../lib/i18n/locale.js';
import { messages } from '../lib/messages.js';
import { NotFoundPage } from './not-found-page.js';

// /login is the front door and ships in the first chunk; every other screen is its own chunk (budgets in README),
// shown once its texts are here in the visitor's language (the catalogue's parts, i18n/locale.ts).
function screen<P extends object>(load: () => Promise<ComponentType<P>>, parts: Part[]) {
  return lazy(() => Promise.all([load(), ...parts.map(loadTexts)]).then(([component]) => ({ default: component })));
}
const SsoPage = screen(() => import('../features/sso/sso-page.js').then((m) => m.SsoPage), ['sso']);
const SsoErrorPage = screen(() => import('../features/sso/sso-error-page.js').then((m) => m.SsoErrorPage), ['sso']);
const SignupPage = screen(
  () => import('../features/signup/signup-page.js').then((m) => m.SignupPage),
  ['account', 'signup'],
);
const InvitedSignupPage = screen(
  () => import('../features/invite/invited-signup-page.js').then((m) => m.InvitedSignupPage),
  ['account', 'invite'],
);
const ResetPage = screen(
  () => import('../features/reset/reset-page.js').then((m) => m.ResetPage),
  ['account', 'reset'],
);
const ForgotPage = screen(() => import('../features/forgot/forgot-page.js').then((m) => m.ForgotPage), ['forgot']);
const VerifyPage = screen(() => import('../features/verify/verify-page.js').then((m) => m.VerifyPage), ['verify']);

/**
 * /login, in the entry with its English texts: in another locale its part of the catalogue may not be here yet (a
 * visitor who came in on another screen), so it shows the busy page until it is, as a lazy screen would.
 */
function LoginRoute() {
  const [, loaded] = useState(0);
  wantTexts('login');
  const ready = hasTexts('login');
  useEffect(() => {
    if (!ready)
      void loadTexts('login').then(
        () => loaded((n) => n + 1),
        () => undefined,
      );
  }, [ready]);
  return ready ? <LoginPage /> : <main className="page" aria-busy="true" />;
}

/** §4 global cancel on every client-side route change: a screen left behind stops waiting for its calls. */
function CancelOnNavigate() {
  const [location] = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    cancelAll();
  }, [location]);
  return null;
}

/**
 * The sign-in app's routes (§2), under the /app.login base path. `ssrPath` is the full path to render when there is
 * no browser location (the build's pre-render of /login).
 */
export function App({ ssrPath }: { ssrPath?: string } = {}) {
  // Every screen renders again in the new texts when the locale changes (the texts are read at render time).
  useSnapshot(localeState).locale;
  // The page shows its first locale from the start (main.tsx); a remembered choice the host could not see (stored
  // before the cookie existed) still wins, after hydration, as a text switched before would not match the markup.
  useEffect(() => {
    const wanted = preferredLocale();
    if (wanted !== localeState.locale) void setLocale(wanted).catch(() => undefined);
  }, []);
  return (
    <Router base="/app.login" {...(ssrPath ? { ssrPath } : {})}>
      <CancelOnNavigate />
      <LocaleSwitch />
      <PageErrorBoundary
        texts={{ title: messages.pageErrorTitle, text: messages.pageErrorText, refresh: messages.pageErrorRefresh }}
      >
        <Suspense fallback={<main className="page" aria-busy="true" />}>
          <Switch>
            <Route path="/login" component={LoginRoute} />
            <Route path="/login/sso" component={SsoPage} />
            <Route path="/login/sso/invalid">{() => <SsoErrorPage kind="invalid" />}</Route>
            <Route path="/login/sso/need-invite">{() => <SsoErrorPage kind="need-invite" />}</Route>
            <Route path="/login/sso/error">{() => <SsoErrorPage kind="error" />}</Route>
            <Route path="/signup" component={SignupPage} />
            <Route path="/signup/invited/:token">{(params) => <InvitedSignupPage token={params.token} />}</Route>
            <Route path="/reset/:token?">{(params) => <ResetPage token={params.token} />}</Route>
            <Route path="/forgot" component={ForgotPage} />
            <Route path="/verify/:token">{(params) => <VerifyPage token={params.token} />}</Route>
            <Route path="/">
              <Redirect to="/login" replace />
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </PageErrorBoundary>
    </Router>
  );
}
