import { Alert } from '@runofshow/ui/alert';
import { Button } from '@runofshow/ui/button';
import { type FormEvent, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { EmailField } from '../../components/email-field.js';
import { useRevealIssues } from '../../components/use-reveal-issues.js';
import { useTldsLoaded } from '../../components/use-tlds.js';
import { messages } from '../../lib/messages.js';
import { emailInInviteToken } from '../../lib/sign-up.js';
import { tldsReady } from '../../lib/tld-list.js';
import { firstIssue, shortEmailSchema } from '../../lib/validation.js';
import { inviteState, resendInvite } from './invite-store.js';

/** §2: resend an invitation — 'Send email', then 'Sending...', then 'Sent'. The token's address fills the field. */
export function ResendInviteForm({ token }: { token: string }) {
  const state = useSnapshot(inviteState);
  const [email, setEmail] = useState(() => emailInInviteToken(token) ?? '');
  const [touched, setTouched] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useTldsLoaded();
  const issuesShown = useRevealIssues(form);
  const error = issuesShown.revealed || touched ? firstIssue(shortEmailSchema, email.trim()) : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.sending || state.sent) return;
    await tldsReady();
    if (firstIssue(shortEmailSchema, email.trim())) {
      issuesShown.reveal();
      return;
    }
    await resendInvite(email.trim());
  }

  const label = state.sent ? messages.inviteSent : state.sending ? messages.inviteSending : messages.inviteSend;
  return (
    <form ref={form} noValidate onSubmit={onSubmit} aria-label="Request a new link">
      {state.resendFailed ? <Alert type="failure">{messages.inviteSendFailed}</Alert> : null}
      <EmailField
        label="Email"
        name="email"
        value={email}
        onValueChange={setEmail}
        onBlur={() => setTouched(true)}
        error={error}
        autoComplete="email"
        readOnly={state.sending || state.sent}
      />
      <Button type="submit" block color={state.sent ? 'success' : 'primary'} disabled={state.sending || state.sent}>
        {label}
      </Button>
      <p className="visually-hidden" aria-live="polite">
        {state.sent ? messages.inviteSent : ''}
      </p>
    </form>
  );
}
