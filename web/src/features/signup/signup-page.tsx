import { Alert } from '@runofshow/ui/alert';
import { AuthCard } from '@runofshow/ui/auth-card';
import { Button } from '@runofshow/ui/button';
import { Dialog } from '@runofshow/ui/dialog';
import { TextField } from '@runofshow/ui/text-field';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearch } from 'wouter';
import type { CaptchaHandle } from '../../components/captcha.js';
import { CaptchaSlot } from '../../components/captcha-slot.js';
import { EmailField } from '../../components/email-field.js';
import { NewPasswordField } from '../../components/password-rules.js';
import { signUpSteps, submitWithCaptcha } from '../../components/submit-with-captcha.js';
import { useForm } from '../../components/use-form.js';
import { endSession } from '../../lib/api/load-api-client.js';
import { session } from '../../lib/api/session.js';
import { withEmail } from '../../lib/carry-email.js';
import { leaveTo } from '../../lib/leave.js';
import { messages } from '../../lib/messages.js';
import { destinationAfterSignUp, type SignUpOutcome } from '../../lib/return-url.js';
import { readPrefill } from '../../lib/sign-up.js';
import { loadTlds } from '../../lib/tld-list.js';
import { companySchema, emailSchema, firstIssue, nameSchema, newPasswordSchema } from '../../lib/validation.js';
import { closeConflictDialog, createTeamForSignedInUser, enterSignup, signUp, signupState } from './signup-store.js';

const TERMS_URL = 'https://runofshow.dev/terms';
const PRIVACY_URL = 'https://runofshow.dev/privacy';

/** §2 /signup: 'Create your team account', prefilled from the link, then sign-up, sign-in and the team. */
export function SignupPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const state = useSnapshot(signupState);
  const { checked, user } = useSnapshot(session);
  const [prefill] = useState(() => readPrefill(search));
  const [signingOut, setSigningOut] = useState(false);
  const captcha = useRef<CaptchaHandle>(null);
  useEffect(enterSignup, []);
  useEffect(() => {
    if (prefill.email) void loadTlds();
  }, [prefill.email]);
  const busy = state.signUpInProgress || state.signedUp;
  const redirect = new URLSearchParams(search).get('redirect');
  const form = useForm({
    rules: {
      firstName: (name) => firstIssue(nameSchema, name),
      lastName: (name) => firstIssue(nameSchema, name),
      email: (email) => firstIssue(emailSchema, email.trim()),
      password: (password) => firstIssue(newPasswordSchema, password),
      company: (company) => firstIssue(companySchema, company),
    },
    initial: () => ({
      firstName: prefill.firstName,
      lastName: prefill.lastName,
      email: prefill.email,
      password: '',
      company: prefill.company,
    }),
    // A prefilled value is judged at once, so a bad link does not leave a silently disabled button.
    touched: () => ({
      firstName: prefill.firstName !== '',
      lastName: prefill.lastName !== '',
      email: prefill.email !== '',
      company: prefill.company !== '',
    }),
    focus: 'firstName',
    // Until the start-up session check answers, the form is a disabled placeholder; while submitting it is frozen
    // (read-only keeps focus where it was, unlike disabled).
    every: { disabled: !checked, readOnly: busy },
    email: true,
    async onSubmit(values) {
      if (signupState.signedUp) return;
      const user = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        company: values.company.trim(),
        verified: prefill.verified,
      };
      const outcome = await submitWithCaptcha(captcha.current, {
        send: (token) => signUp(user, token),
        ...signUpSteps(signupState),
      });
      finish(outcome);
    },
  });

  function finish(outcome: SignUpOutcome | undefined) {
    if (outcome) leaveTo(destinationAfterSignUp(outcome, redirect, window.location.origin));
  }

  const { field } = form;
  const legal = (
    <p className="legal">
      {messages.legalBefore}{' '}
      <a href={TERMS_URL} target="_blank" rel="noopener noreferrer">
        {messages.terms}
        <span className="visually-hidden">{messages.opensNewTab}</span>
      </a>{' '}
      {messages.legalAnd}{' '}
      <a href={PRIVACY_URL} target="_blank" rel="noopener noreferrer">
        {messages.privacy}
        <span className="visually-hidden">{messages.opensNewTab}</span>
      </a>
      {messages.legalAfter}
    </p>
  );

  if (checked && user) {
    return (
      <AuthCard title={messages.signupTitle} footer={legal}>
        <Alert type="basic" live={false}>
          <p>{messages.signedInAs(`${user.firstName} ${user.lastName}`, user.email)}</p>
        </Alert>
        {state.failed ? <Alert type="failure">{messages[state.problem ?? 'signupFailed']}</Alert> : null}
        <div className="stack">
          <Button block busy={busy} disabled={busy} onClick={async () => finish(await createTeamForSignedInUser())}>
            {messages.createTeam}
          </Button>
          <Button
            variant="link"
            className="form-secondary-action"
            busy={signingOut}
            disabled={busy || signingOut}
            onClick={async () => {
              setSigningOut(true);
              await endSession();
              setSigningOut(false);
            }}
          >
            {messages.notYou}
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={messages.signupTitle}
      subtitle={messages.signupSubtitle}
      footer={
        <>
          {legal}
          <nav className="links" aria-label={messages.otherWaysIn}>
            <Link href="/login">{messages.haveAccount}</Link>
          </nav>
        </>
      }
    >
      <form {...form.props} aria-label={messages.signupTitle}>
        {state.failed ? <Alert type="failure">{messages[state.problem ?? 'signupFailed']}</Alert> : null}
        <div className="field-row">
          <TextField label={messages.firstName} autoComplete="given-name" {...field('firstName')} />
          <TextField label={messages.lastName} autoComplete="family-name" {...field('lastName')} />
        </div>
        <EmailField label={messages.workEmail} autoComplete="email" locked={prefill.emailLocked} {...field('email')} />
        <NewPasswordField label={messages.password} {...field('password')} />
        <TextField label={messages.companyName} autoComplete="organization" {...field('company')} />
        <CaptchaSlot ref={captcha} />
        <Button type="submit" block disabled={!form.valid || busy || !checked} busy={busy}>
          {busy ? messages.creatingAccount : messages.createAccount}
        </Button>
      </form>
      <Dialog
        open={state.conflictDialogOpen}
        title={messages.signupErrorTitle}
        onClose={closeConflictDialog}
        actions={
          <>
            <Button color="outline" onClick={closeConflictDialog}>
              {messages.signupDismiss}
            </Button>
            <Button
              onClick={() => {
                closeConflictDialog();
                navigate(withEmail('/login', form.values.email)); // issue 34: nothing retyped
              }}
            >
              {messages.signupLogin}
            </Button>
          </>
        }
      >
        <Alert type="warning" live={false}>
          {messages.signupConflict}
        </Alert>
      </Dialog>
    </AuthCard>
  );
}
