import { Alert } from '@runofshow/ui/alert';
import { AuthCard } from '@runofshow/ui/auth-card';
import { Button } from '@runofshow/ui/button';
import { TextField } from '@runofshow/ui/text-field';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import type { CaptchaHandle } from '../../components/captcha.js';
import { CaptchaSlot } from '../../components/captcha-slot.js';
import { NewPasswordField } from '../../components/password-rules.js';
import { signUpSteps, submitWithCaptcha } from '../../components/submit-with-captcha.js';
import { useForm } from '../../components/use-form.js';
import { leaveTo } from '../../lib/leave.js';
import { messages } from '../../lib/messages.js';
import { destinationAfterSignUp } from '../../lib/return-url.js';
import { firstIssue, nameSchema, newPasswordSchema } from '../../lib/validation.js';
import { inviteState, lookUpInvite, signUpInvited } from './invite-store.js';

// Only a visitor whose link is invalid needs it: fetched when the lookup says so, not with the screen (its budget).
const ResendInviteForm = lazy(() => import('./resend-invite-form.js').then((m) => ({ default: m.ResendInviteForm })));

/** §2 /signup/invited/:token: the invited address is fixed; an invalid or expired link offers a new one. */
export function InvitedSignupPage({ token }: { token: string }) {
  const state = useSnapshot(inviteState);
  useEffect(() => {
    void lookUpInvite(token);
  }, [token]);

  if (state.token === token && state.expired) {
    return (
      <AuthCard title={messages.inviteTitle}>
        {/* It replaces the placeholder form once the lookup fails: announced, as any news is. */}
        <Alert type="warning" title={messages.inviteInvalid}>
          <p>{messages.inviteInvalidText}</p>
        </Alert>
        <Suspense fallback={null}>
          <ResendInviteForm token={token} />
        </Suspense>
      </AuthCard>
    );
  }
  const loading = state.token !== token || state.loading;
  return (
    <AuthCard title={messages.inviteTitle} subtitle={messages.inviteSubtitle}>
      <InvitedForm key={loading ? 'loading' : 'ready'} loading={loading} />
    </AuthCard>
  );
}

function InvitedForm({ loading }: { loading: boolean }) {
  const state = useSnapshot(inviteState);
  const search = useSearch();
  const captcha = useRef<CaptchaHandle>(null);
  const busy = state.signUpInProgress;
  const form = useForm({
    rules: {
      firstName: (name) => firstIssue(nameSchema, name),
      lastName: (name) => firstIssue(nameSchema, name),
      password: (password) => firstIssue(newPasswordSchema, password),
    },
    initial: { firstName: '', lastName: '', password: '' },
    focus: 'firstName',
    ready: !loading,
    // Names are judged against the §5 TLD list too ("not a URL": `x.com` is a link, `St.John` a name).
    email: true,
    // A placeholder while the invitation is looked up: the same form, disabled, so nothing moves when it arrives.
    every: { disabled: loading, readOnly: busy },
    async onSubmit({ firstName, lastName, password }) {
      if (loading) return;
      const outcome = await submitWithCaptcha(captcha.current, {
        send: (token) => signUpInvited({ firstName: firstName.trim(), lastName: lastName.trim(), password }, token),
        ...signUpSteps(inviteState),
      });
      const redirect = new URLSearchParams(search).get('redirect');
      if (outcome) leaveTo(destinationAfterSignUp(outcome, redirect, window.location.origin));
    },
  });
  const { field } = form;

  return (
    <form {...form.props} aria-label={messages.inviteTitle} aria-busy={loading || form.busy}>
      {state.conflict ? <Alert type="failure">{messages.signupConflict}</Alert> : null}
      {state.failed ? <Alert type="failure">{messages[state.problem ?? 'signupFailed']}</Alert> : null}
      <div className="field-row">
        <TextField label={messages.firstName} autoComplete="given-name" {...field('firstName')} />
        <TextField label={messages.lastName} autoComplete="family-name" {...field('lastName')} />
      </div>
      <TextField
        label={messages.email}
        name="email"
        type="email"
        value={loading ? '' : state.email}
        onValueChange={() => undefined}
        locked
        disabled={loading}
        autoComplete="username"
      />
      <NewPasswordField label={messages.password} {...field('password')} />
      {loading ? null : <CaptchaSlot ref={captcha} />}
      <Button type="submit" block disabled={loading || !form.valid || busy} busy={busy}>
        {busy ? messages.creatingAccount : messages.createAccount}
      </Button>
    </form>
  );
}
