import { Alert } from '@runofshow/ui/alert';
import { AuthCard } from '@runofshow/ui/auth-card';
import { Button } from '@runofshow/ui/button';
import { SectionErrorBoundary } from '@runofshow/ui/section-error-boundary';
import { TextField } from '@runofshow/ui/text-field';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { Captcha, type CaptchaHandle } from '../../components/captcha.js';
import { NewPasswordField } from '../../components/password-rules.js';
import { useFocusOnArrival } from '../../components/use-focus-on-arrival.js';
import { useRevealIssues } from '../../components/use-reveal-issues.js';
import { leaveTo } from '../../lib/leave.js';
import { messages } from '../../lib/messages.js';
import { destinationAfterSignUp } from '../../lib/return-url.js';
import { firstIssue, nameSchema, newPasswordSchema } from '../../lib/validation.js';
import { inviteState, lookUpInvite } from './invite-store.js';
import { ResendInviteForm } from './resend-invite-form.js';
import { signUpInvitedWithCaptcha } from './submit-invited.js';

type Field = 'firstName' | 'lastName' | 'password';

/** §2 /signup/invited/:token: the invited address is fixed; an invalid or expired link offers a new one. */
export function InvitedSignupPage({ token }: { token: string }) {
  const state = useSnapshot(inviteState);
  useEffect(() => {
    void lookUpInvite(token);
  }, [token]);

  if (state.token === token && state.expired) {
    return (
      <AuthCard title="Join your team">
        {/* It replaces the placeholder form once the lookup fails: announced, as any news is. */}
        <Alert type="warning" title={messages.inviteInvalid}>
          <p>{messages.inviteInvalidText}</p>
        </Alert>
        <ResendInviteForm token={token} />
      </AuthCard>
    );
  }
  const loading = state.token !== token || state.loading;
  return (
    <AuthCard title="Join your team" subtitle="You were invited to Run of Show. Finish your account to join.">
      <InvitedForm key={loading ? 'loading' : 'ready'} loading={loading} />
    </AuthCard>
  );
}

function InvitedForm({ loading }: { loading: boolean }) {
  const state = useSnapshot(inviteState);
  const search = useSearch();
  const [values, setValues] = useState<Record<Field, string>>({ firstName: '', lastName: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const first = useRef<HTMLInputElement>(null);
  useFocusOnArrival(first, !loading);
  const captcha = useRef<CaptchaHandle>(null);
  const form = useRef<HTMLFormElement>(null);
  const issuesShown = useRevealIssues(form);

  const issues: Record<Field, string | undefined> = {
    firstName: firstIssue(nameSchema, values.firstName),
    lastName: firstIssue(nameSchema, values.lastName),
    password: firstIssue(newPasswordSchema, values.password),
  };
  const busy = state.signUpInProgress;
  const valid = Object.values(issues).every((issue) => issue === undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading || !valid || busy || !captcha.current) return;
    const outcome = await signUpInvitedWithCaptcha(captcha.current, {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      password: values.password,
    });
    if (outcome) {
      const redirect = new URLSearchParams(search).get('redirect');
      leaveTo(destinationAfterSignUp(outcome, redirect, window.location.origin));
    }
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: issuesShown.revealed || touched[name] ? issues[name] : undefined,
    onValueChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    // A placeholder while the invitation is looked up: the same form, disabled, so nothing moves when it arrives.
    disabled: loading,
    readOnly: busy,
  });

  return (
    <form
      ref={form}
      noValidate
      onSubmit={onSubmit}
      onKeyDown={issuesShown.onKeyDown}
      aria-label="Join your team"
      aria-busy={loading}
    >
      {state.conflict ? <Alert type="failure">{messages.signupConflict}</Alert> : null}
      {state.failed ? <Alert type="failure">{messages.signupFailed}</Alert> : null}
      <div className="field-row">
        <TextField label="First name" autoComplete="given-name" ref={first} {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        value={loading ? '' : state.email}
        onValueChange={() => undefined}
        locked
        disabled={loading}
        autoComplete="username"
      />
      <NewPasswordField label="Password" {...field('password')} />
      {loading ? null : (
        <SectionErrorBoundary label="Captcha">
          <Captcha ref={captcha} />
        </SectionErrorBoundary>
      )}
      <Button type="submit" block disabled={loading || !valid || busy} busy={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}
