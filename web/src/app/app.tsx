import { PageErrorBoundary } from '@runofshow/ui/page-error-boundary';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { LocaleSwitch } from '../components/locale-switch.js';
import { LoginPage } from '../features/login/login-page.js';
import { cancelAll } from '../lib/api/cancel.js';
import { localeState, preferredLocale, setLocale } from '../lib/i18n/locale.js';
import { messages } from '../lib/messages.js';
import { NotFoundPage } from './not-found-page.js';

// /login is the front door and ships in the first chunk; every other screen is its own chunk (budgets in README).
const SsoPage = lazy(() => import('../features/sso/sso-page.js').then((m) => ({ default: m.SsoPage })));
const SsoErrorPage = lazy(() => import('../features/sso/sso-error-page.js').then((m) => ({ default: m.SsoErrorPage })));
const SignupPage = lazy(() => import('../features/signup/signup-page.js').then((m) => ({ default: m.SignupPage })));
const InvitedSignupPage = lazy(() =>
  import('../features/invite/invited-signup-page.js').then((m) => ({ default: m.InvitedSignupPage })),
);
const ResetPage = lazy(() => import('../features/reset/reset-page.js').then((m) => ({ default: m.ResetPage })));
const ForgotPage = lazy(() => import('../features/forgot/forgot-page.js').then((m) => ({ default: m.ForgotPage })));
const VerifyPage = lazy(() => import('../features/verify/verify-page.js').then((m) => ({ default: m.VerifyPage })));

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
  // The visitor's language, once the (English, pre-rendered) page has hydrated: a text switched before would not
  // match the markup. Its texts were asked for in main.tsx already.
  useEffect(() => {
    const wanted = preferredLocale();
    if (wanted !== 'en') void setLocale(wanted).catch(() => undefined);
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
            <Route path="/login" component={LoginPage} />
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
