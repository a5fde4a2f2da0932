import { Alert } from '@runofshow/ui/alert';
import { AuthCard } from '@runofshow/ui/auth-card';
import { Button, buttonClass } from '@runofshow/ui/button';
import { PasswordField } from '@runofshow/ui/password-field';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import { NewPasswordField } from '../../components/password-rules.js';
import { passwordTexts } from '../../components/password-texts.js';
import { useForm } from '../../components/use-form.js';
import { withEmail } from '../../lib/carry-email.js';
import { messages } from '../../lib/messages.js';
import { confirmPasswordSchema, firstIssue, newPasswordSchema } from '../../lib/validation.js';
import { enterReset, resetPassword, resetState } from './reset-store.js';

/** §2 /reset/:token? with ?email=: choose a new password; without a token (or address) the link is unusable. */
export function ResetPage({ token }: { token: string | undefined }) {
  const email = new URLSearchParams(useSearch()).get('email')?.trim().replaceAll(' ', '+') ?? '';
  if (!token || !email) {
    return (
      <AuthCard title={messages.resetTitle}>
        <Alert type="warning" title={messages.resetNoTokenTitle} live={false}>
          <p>{messages.resetNoTokenText}</p>
        </Alert>
        <a className={buttonClass({ block: true })} href={withEmail('/app.login/forgot', email)}>
          {messages.toForgotPage}
        </a>
      </AuthCard>
    );
  }
  return <ResetForm token={token} email={email} />;
}

function ResetForm({ token, email }: { token: string; email: string }) {
  const state = useSnapshot(resetState);
  useEffect(enterReset, []);
  const form = useForm({
    rules: {
      newPassword: (password) => firstIssue(newPasswordSchema, password),
      confirmPassword: (confirm, { newPassword }) => firstIssue(confirmPasswordSchema(newPassword), confirm),
    },
    initial: { newPassword: '', confirmPassword: '' },
    focus: 'newPassword',
    async onSubmit({ newPassword }) {
      if (resetState.status === 'unsubmitted') await resetPassword(email, token, newPassword);
    },
  });
  // §5: disabled while the input is invalid or empty, and after the click.
  const canReset = form.valid && state.status === 'unsubmitted';

  if (state.status === 'completed') {
    return (
      <AuthCard title={messages.resetTitle}>
        <Alert type="success">{messages.resetDone}</Alert>
        <Link className={buttonClass({ block: true })} href={withEmail('/login', email)}>
          {messages.signIn}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={messages.resetTitle} subtitle={messages.resetSubtitle(email)}>
      <form {...form.props} aria-label={messages.resetTitle}>
        {state.status === 'error' ? (
          <Alert type="failure">
            <p>
              {messages.resetFailed} <a href={withEmail('/app.login/forgot', email)}>{messages.requestNewLink}</a>
            </p>
          </Alert>
        ) : null}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordField label={messages.newPassword} {...form.field('newPassword')} />
        <PasswordField
          label={messages.confirmNewPassword}
          texts={passwordTexts()}
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <Button type="submit" block disabled={!canReset} busy={state.status === 'submitted'}>
          {messages.resetTitle}
        </Button>
      </form>
    </AuthCard>
  );
}
