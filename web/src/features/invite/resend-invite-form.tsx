import { Alert } from '@runofshow/ui/alert';
import { Button } from '@runofshow/ui/button';
import { useSnapshot } from 'valtio';
import { EmailField } from '../../components/email-field.js';
import { useForm } from '../../components/use-form.js';
import { messages } from '../../lib/messages.js';
import { emailInInviteToken } from '../../lib/sign-up.js';
import { firstIssue, shortEmailSchema } from '../../lib/validation.js';
import { inviteState, resendInvite } from './invite-store.js';

/** §2: resend an invitation — 'Send email', then 'Sending...', then 'Sent'. The token's address fills the field. */
export function ResendInviteForm({ token }: { token: string }) {
  const state = useSnapshot(inviteState);
  const done = state.sending || state.sent;
  const form = useForm({
    rules: { email: (email) => firstIssue(shortEmailSchema, email.trim()) },
    initial: () => ({ email: emailInInviteToken(token) ?? '' }),
    email: true,
    onSubmit: ({ email }) => (inviteState.sent ? undefined : resendInvite(email.trim())),
  });

  const label = state.sent ? messages.inviteSent : state.sending ? messages.inviteSending : messages.inviteSend;
  return (
    <form {...form.props} aria-label={messages.requestNewLink}>
      {state.resendFailed ? <Alert type="failure">{messages.inviteSendFailed}</Alert> : null}
      <EmailField label={messages.email} autoComplete="email" readOnly={done} {...form.field('email')} />
      <Button type="submit" block color={state.sent ? 'success' : 'primary'} disabled={done}>
        {label}
      </Button>
      <p className="visually-hidden" aria-live="polite">
        {state.sent ? messages.inviteSent : ''}
      </p>
    </form>
  );
}
