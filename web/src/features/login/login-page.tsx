import { type FormEvent, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import { Alert } from '../../components/alert.js';
import { AuthCard } from '../../components/auth-card.js';
import { TextField } from '../../components/text-field.js';
import { messages } from '../../lib/messages.js';
import { destinationAfterSignIn } from '../../lib/return-url.js';
import { emailSchema, firstIssue, loginPasswordSchema, tokenSchema } from '../../lib/validation.js';
import { canSubmit, login, loginState, needsTokenStep, openTokenStep, setEmail } from './login-store.js';

/** §2 /login: e-mail and password, then the six-digit code when the account has two-factor authentication. */
export function LoginPage() {
  const state = useSnapshot(loginState);
  const search = useSearch();
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});

  const show = (field: string) => submitted || touched[field];
  const emailError = show('email') ? firstIssue(emailSchema, state.email.trim()) : undefined;
  const passwordError = show('password') ? firstIssue(loginPasswordSchema, state.password) : undefined;
  const tokenError = submitted && state.step === 'token' ? firstIssue(tokenSchema, state.token) : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (firstIssue(emailSchema, loginState.email.trim()) || firstIssue(loginPasswordSchema, loginState.password)) {
      return;
    }
    if (needsTokenStep()) {
      setSubmitted(false);
      openTokenStep();
      return;
    }
    if (loginState.step === 'token' && firstIssue(tokenSchema, loginState.token)) return;
    if (await login()) {
      const redirect = new URLSearchParams(search).get('redirect');
      window.location.assign(destinationAfterSignIn(redirect, window.location.origin));
    }
  }

  const tokenStep = state.step === 'token';
  return (
    <AuthCard title={tokenStep ? 'Login with MFA' : 'Welcome back! Sign in to the product'}>
      <form noValidate onSubmit={onSubmit} aria-label="Sign in">
        {state.failure?.kind === 'failed' ? <Alert type="failure">{messages.loginFailed}</Alert> : null}
        {state.failure?.kind === 'lockout' ? (
          <Alert type="failure">
            {messages.lockout} <Link href="/forgot">Reset your password</Link>
          </Alert>
        ) : null}
        {tokenStep ? (
          <TextField
            label="Six-digit code"
            name="timeBasedToken"
            value={state.token}
            onValueChange={(value) => {
              loginState.token = value;
            }}
            error={tokenError}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            autoFocus
          />
        ) : (
          <>
            <TextField
              label="Email"
              name="email"
              type="email"
              value={state.email}
              onValueChange={setEmail}
              onBlur={() => setTouched((t) => ({ ...t, email: true }))}
              error={emailError}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              value={state.password}
              onValueChange={(value) => {
                loginState.password = value;
              }}
              onBlur={() => setTouched((t) => ({ ...t, password: true }))}
              error={passwordError}
              autoComplete="current-password"
            />
          </>
        )}
        <button className="button button-primary" type="submit" disabled={!canSubmit(state)}>
          {state.status === 'PENDING' ? 'Signing in…' : tokenStep ? 'Verify and sign in' : 'Sign in'}
        </button>
      </form>
      <nav className="links" aria-label="Other ways in">
        <Link href="/login/sso">Sign in with SSO</Link>
        <Link href="/forgot">Forgot password?</Link>
        <Link href="/signup">Start a free trial</Link>
      </nav>
    </AuthCard>
  );
}
