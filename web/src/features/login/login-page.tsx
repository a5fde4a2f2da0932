import { Alert } from '@runofshow/ui/alert';
import { AuthCard } from '@runofshow/ui/auth-card';
import { Button, buttonClass } from '@runofshow/ui/button';
import { PasswordField } from '@runofshow/ui/password-field';
import { TextField } from '@runofshow/ui/text-field';
import { type ClipboardEvent, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import { passwordTexts } from '../../components/password-texts.js';
import { useForm } from '../../components/use-form.js';
import { carriedEmail, withEmail } from '../../lib/carry-email.js';
import { leaveTo } from '../../lib/leave.js';
import { messages } from '../../lib/messages.js';
import { destinationAfterSignIn } from '../../lib/return-url.js';
import { emailDomain, ssoLoginPath } from '../../lib/sso-domain.js';
import { emailSchema, firstIssue, loginPasswordSchema, tokenSchema } from '../../lib/validation.js';
import { LockoutCountdown } from './lockout-countdown.js';
import {
  backToPasswordStep,
  canSubmit,
  enterLogin,
  lockoutOver,
  login,
  loginState,
  needsTokenStep,
  openTokenStep,
  setEmail,
} from './login-store.js';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

const setField = {
  email: setEmail,
  password(value: string) {
    loginState.password = value;
  },
  token(value: string) {
    loginState.token = digitsOnly(value);
  },
};

/** §2 /login: e-mail and password, then the six-digit code when the account has two-factor authentication. */
export function LoginPage() {
  const state = useSnapshot(loginState);
  const search = useSearch();
  const tokenStep = state.step === 'token';
  const redirect = new URLSearchParams(search).get('redirect');
  // §4 holds the button until the address is known (a valid one, looked up): Enter still explains what is missing.
  const form = useForm({
    rules: {
      email: (email) => firstIssue(emailSchema, email.trim()),
      password: (password) => firstIssue(loginPasswordSchema, password),
      token: (token) => (tokenStep ? firstIssue(tokenSchema, token) : undefined),
    },
    store: { values: state, set: (field, value) => setField[field](value), read: () => loginState },
    focus: 'email',
    email: true,
    async onSubmit() {
      if (needsTokenStep()) {
        form.hide();
        openTokenStep();
        return;
      }
      if (await login()) leaveTo(destinationAfterSignIn(redirect, window.location.origin));
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only; the query is read once.
  useEffect(() => enterLogin(carriedEmail(search)), []);

  function onPasteCode(event: ClipboardEvent<HTMLInputElement>) {
    // A code pasted from an authenticator or an SMS often carries spaces or a dash ("123 456"): keep the digits,
    // and sign in straight away when all six arrived.
    const code = digitsOnly(event.clipboardData.getData('text'));
    if (code.length !== 6) return;
    event.preventDefault();
    loginState.token = code;
    if (canSubmit(loginState)) form.props.ref.current?.requestSubmit();
  }

  const withRedirect = (path: string) => (redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path);
  const forgotHref = withEmail('/app.login/forgot', state.email);
  const ssoOffered = state.sso === 'sso' && !tokenStep;
  return (
    <AuthCard
      title={tokenStep ? messages.loginMfaTitle : messages.loginTitle}
      subtitle={tokenStep ? messages.codeHint : undefined}
      footer={
        <nav className="links" aria-label={messages.otherWaysIn}>
          <Link href={withEmail('/login/sso', state.email)}>{messages.ssoSignIn}</Link>
          {/* Full-document links: the captcha screens' documents carry their own Content-Security-Policy. */}
          <a href={forgotHref}>{messages.forgotLink}</a>
          <a href={withRedirect('/app.login/signup')}>{messages.freeTrial}</a>
        </nav>
      }
    >
      <form {...form.props} aria-label={messages.signIn}>
        {state.failure?.kind === 'failed' ? (
          <Alert type="failure">{messages[state.failure.problem ?? 'loginFailed']}</Alert>
        ) : null}
        {state.failure?.kind === 'lockout' ? (
          <Alert type="failure">
            <p>
              {messages.lockout} <a href={forgotHref}>{messages.resetYourPassword}</a>
            </p>
            {state.failure.until ? <LockoutCountdown until={state.failure.until} onDone={lockoutOver} /> : null}
          </Alert>
        ) : null}
        {tokenStep ? (
          <TextField
            key="token"
            label={messages.codeLabel}
            name="timeBasedToken"
            value={state.token}
            onValueChange={setField.token}
            onPaste={onPasteCode}
            error={form.revealed ? form.issues.token : undefined}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus
          />
        ) : (
          <>
            <TextField
              label={messages.email}
              type="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...form.field('email')}
            />
            <PasswordField
              label={messages.password}
              texts={passwordTexts()}
              autoComplete="current-password"
              {...form.field('password')}
            />
          </>
        )}
        {state.twoFactor === 'ERROR' && !tokenStep ? (
          <Alert type="basic" size="small">
            {messages.loginLookupFailed}
          </Alert>
        ) : null}
        <Button type="submit" block disabled={!canSubmit(state)} busy={state.status === 'PENDING'}>
          {state.status === 'PENDING' ? messages.signingIn : tokenStep ? messages.verifyAndSignIn : messages.signIn}
        </Button>
        {/* Issue 34: found, not hunted for. Under the button, so the password field never moves; a live region
            that is always there, so its news is read out. */}
        <div className="sso-offer" aria-live="polite">
          {ssoOffered ? (
            <>
              <p>{messages.ssoOffer(emailDomain(state.email) ?? '')}</p>
              <a className={buttonClass({ color: 'outline', block: true })} href={ssoLoginPath(state.email)}>
                {messages.continueWithSso}
              </a>
            </>
          ) : null}
        </div>
        {tokenStep ? (
          <Button variant="link" className="form-secondary-action" onClick={backToPasswordStep}>
            {messages.useDifferentAccount}
          </Button>
        ) : null}
      </form>
    </AuthCard>
  );
}
