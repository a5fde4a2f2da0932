import { AuthCard } from '@runofshow/ui/auth-card';
import { Button } from '@runofshow/ui/button';
import { Link } from 'wouter';
import { EmailField } from '../../components/email-field.js';
import { useForm } from '../../components/use-form.js';
import { leaveTo } from '../../lib/leave.js';
import { messages } from '../../lib/messages.js';
import { firstIssue, shortEmailSchema } from '../../lib/validation.js';
import { ssoLoginPath } from './sso-domain.js';

/** §2 /login/sso: the work e-mail's domain picks the company's identity provider (the server's /sso/login/{domain}). */
export function SsoPage() {
  const form = useForm({
    rules: { email: (email) => firstIssue(shortEmailSchema, email.trim()) },
    initial: { email: '' },
    focus: 'email',
    email: true,
    onSubmit({ email }) {
      leaveTo(ssoLoginPath(email));
    },
  });

  return (
    <AuthCard
      title="Sign in with SSO"
      subtitle={messages.ssoLookupHint}
      footer={
        <nav className="links" aria-label="Other ways in">
          <Link href="/login">Sign in with a password</Link>
        </nav>
      }
    >
      <form {...form.props} aria-label="Sign in with SSO">
        <EmailField label="Work email" autoComplete="username" {...form.field('email')} />
        <Button type="submit" block disabled={form.busy} busy={form.busy}>
          Continue with SSO
        </Button>
      </form>
    </AuthCard>
  );
}
