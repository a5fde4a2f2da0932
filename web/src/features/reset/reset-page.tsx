import { Alert } from '@runofshow/ui/alert';
import { AuthCard } from '@runofshow/ui/auth-card';
import { Button, buttonClass } from '@runofshow/ui/button';
import { TextField } from '@runofshow/ui/text-field';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import { NewPasswordField } from '../../components/password-rules.js';
import { useFocusOnArrival } from '../../components/use-focus-on-arrival.js';
import { useRevealIssues } from '../../components/use-reveal-issues.js';
import { messages } from '../../lib/messages.js';
import { confirmPasswordSchema, firstIssue, newPasswordSchema } from '../../lib/validation.js';
import { enterReset, resetPassword, resetState } from './reset-store.js';

/** §2 /reset/:token? with ?email=: choose a new password; without a token (or address) the link is unusable. */
export function ResetPage({ token }: { token: string | undefined }) {
  const email = new URLSearchParams(useSearch()).get('email')?.trim().replaceAll(' ', '+') ?? '';
  if (!token || !email) {
    return (
      <AuthCard title="Reset password">
        <Alert type="warning" title={messages.resetNoTokenTitle} live={false}>
          <p>{messages.resetNoTokenText}</p>
        </Alert>
        <a className={buttonClass({ block: true })} href="/app.login/forgot">
          Go to the forgot password page
        </a>
      </AuthCard>
    );
  }
  return <ResetForm token={token} email={email} />;
}

function ResetForm({ token, email }: { token: string; email: string }) {
  const state = useSnapshot(resetState);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const first = useRef<HTMLInputElement>(null);
  useFocusOnArrival(first);
  useEffect(enterReset, []);
  const form = useRef<HTMLFormElement>(null);
  const issuesShown = useRevealIssues(form);

  const passwordIssue = firstIssue(newPasswordSchema, password);
  const confirmIssue = firstIssue(confirmPasswordSchema(password), confirm);
  // §5: disabled while the input is invalid or empty, and after the click.
  const canReset = !passwordIssue && !confirmIssue && state.status === 'unsubmitted';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canReset) await resetPassword(email, token, password);
  }

  if (state.status === 'completed') {
    return (
      <AuthCard title="Reset password">
        <Alert type="success">{messages.resetDone}</Alert>
        <Link className={buttonClass({ block: true })} href="/login">
          Sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset password" subtitle={`Choose a new password for ${email}.`}>
      <form ref={form} noValidate onSubmit={onSubmit} onKeyDown={issuesShown.onKeyDown} aria-label="Reset password">
        {state.status === 'error' ? (
          <Alert type="failure">
            <p>
              {messages.resetFailed} <a href="/app.login/forgot">Request a new link</a>
            </p>
          </Alert>
        ) : null}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordField
          label="New password"
          name="newPassword"
          value={password}
          onValueChange={setPassword}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          error={issuesShown.revealed || touched.password ? passwordIssue : undefined}
          ref={first}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          value={confirm}
          onValueChange={setConfirm}
          onBlur={() => setTouched((t) => ({ ...t, confirm: true }))}
          error={issuesShown.revealed || touched.confirm ? confirmIssue : undefined}
          autoComplete="new-password"
        />
        <Button type="submit" block disabled={!canReset} busy={state.status === 'submitted'}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
