import { Alert } from '@runofshow/ui/alert';
import { AuthCard } from '@runofshow/ui/auth-card';
import { Button } from '@runofshow/ui/button';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import type { CaptchaHandle } from '../../components/captcha.js';
import { CaptchaSlot } from '../../components/captcha-slot.js';
import { EmailField } from '../../components/email-field.js';
import { submitWithCaptcha } from '../../components/submit-with-captcha.js';
import { useForm } from '../../components/use-form.js';
import { carriedEmail, withEmail } from '../../lib/carry-email.js';
import { messages } from '../../lib/messages.js';
import { firstIssue, forgotEmailSchema } from '../../lib/validation.js';
import { enterForgot, forgotState, requestRecovery } from './forgot-store.js';

/** §2 /forgot: an e-mail (trimmed), 'Send reset link', then a success alert. */
export function ForgotPage() {
  const state = useSnapshot(forgotState);
  const search = useSearch();
  const captcha = useRef<CaptchaHandle>(null);
  useEffect(enterForgot, []);
  const form = useForm({
    rules: { email: (email) => firstIssue(forgotEmailSchema, email) },
    // Issue 34: the address typed on /login arrives with the visitor.
    initial: { email: carriedEmail(search) },
    touched: () => ({ email: carriedEmail(search) !== '' }),
    focus: 'email',
    email: true,
    async onSubmit({ email }) {
      await submitWithCaptcha(captcha.current, {
        send: (token) => requestRecovery(email.trim(), token),
        failed: () => {
          forgotState.status = 'error';
        },
      });
    },
  });
  // §5: the button stays disabled while the input is empty or invalid, so the message is the only feedback.
  const canSend = form.values.email.trim() !== '' && form.valid && state.status !== 'requesting';

  return (
    <AuthCard
      title={messages.forgotTitle}
      subtitle={messages.forgotSubtitle}
      footer={
        <nav className="links" aria-label={messages.otherWaysIn}>
          <Link href={withEmail('/login', form.values.email)}>{messages.backToSignIn}</Link>
        </nav>
      }
    >
      {state.status === 'completed' ? (
        <Alert type="success">{messages.forgotSent}</Alert>
      ) : (
        <form {...form.props} aria-label={messages.forgotTitle}>
          {state.status === 'error' ? <Alert type="failure">{messages[state.problem ?? 'forgotFailed']}</Alert> : null}
          <EmailField label={messages.email} autoComplete="email" {...form.field('email')} />
          <CaptchaSlot ref={captcha} />
          <Button type="submit" block disabled={!canSend} busy={state.status === 'requesting'}>
            {messages.forgotSend}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
