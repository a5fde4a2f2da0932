import { Alert } from '@runofshow/ui/alert';
import { AuthCard } from '@runofshow/ui/auth-card';
import { Button } from '@runofshow/ui/button';
import { SectionErrorBoundary } from '@runofshow/ui/section-error-boundary';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Captcha, type CaptchaHandle } from '../../components/captcha.js';
import { EmailField } from '../../components/email-field.js';
import { useFocusOnArrival } from '../../components/use-focus-on-arrival.js';
import { useRevealIssues } from '../../components/use-reveal-issues.js';
import { useTldsLoaded } from '../../components/use-tlds.js';
import { messages } from '../../lib/messages.js';
import { tldsReady } from '../../lib/tld-list.js';
import { firstIssue, forgotEmailSchema } from '../../lib/validation.js';
import { enterForgot, forgotState, requestRecovery } from './forgot-store.js';

/** §2 /forgot: an e-mail (trimmed), 'Send reset link', then a success alert. */
export function ForgotPage() {
  const state = useSnapshot(forgotState);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useFocusOnArrival(first);
  const captcha = useRef<CaptchaHandle>(null);
  useTldsLoaded();
  useEffect(enterForgot, []);
  const form = useRef<HTMLFormElement>(null);
  const issuesShown = useRevealIssues(form);

  const issue = firstIssue(forgotEmailSchema, email);
  // §5: the button stays disabled while the input is empty or invalid, so the message is the only feedback.
  const canSend = email.trim() !== '' && !issue && state.status !== 'requesting';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await tldsReady();
    if (!canSend || firstIssue(forgotEmailSchema, email) || !captcha.current) return;
    const token = await captcha.current.token().catch(() => undefined);
    if (token === undefined) {
      forgotState.status = 'error';
      return;
    }
    await requestRecovery(email.trim(), token);
    captcha.current?.reset();
  }

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the email you sign in with and we will send you a link to reset your password."
      footer={
        <nav className="links" aria-label="Other ways in">
          <Link href="/login">Back to sign in</Link>
        </nav>
      }
    >
      {state.status === 'completed' ? (
        <Alert type="success">{messages.forgotSent}</Alert>
      ) : (
        <form ref={form} noValidate onSubmit={onSubmit} onKeyDown={issuesShown.onKeyDown} aria-label="Forgot password">
          {state.status === 'error' ? <Alert type="failure">{messages.forgotFailed}</Alert> : null}
          <EmailField
            label="Email"
            name="email"
            value={email}
            onValueChange={setEmail}
            onBlur={() => setTouched(true)}
            error={issuesShown.revealed || touched ? issue : undefined}
            autoComplete="email"
            ref={first}
          />
          <SectionErrorBoundary label="Captcha">
            <Captcha ref={captcha} />
          </SectionErrorBoundary>
          <Button type="submit" block disabled={!canSend} busy={state.status === 'requesting'}>
            {messages.forgotSend}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
