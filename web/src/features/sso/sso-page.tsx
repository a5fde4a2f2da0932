import { Alert } from '@runofshow/ui/alert';
import { AuthCard } from '@runofshow/ui/auth-card';
import { Button } from '@runofshow/ui/button';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { EmailField } from '../../components/email-field.js';
import { useForm } from '../../components/use-form.js';
import { isCancelled } from '../../lib/api/cancel.js';
import { lookUpSso } from '../../lib/api/sso-lookup.js';
import { carriedEmail, withEmail } from '../../lib/carry-email.js';
import { leaveTo } from '../../lib/leave.js';
import { messages } from '../../lib/messages.js';
import { ssoLoginPath } from '../../lib/sso-domain.js';
import { firstIssue, shortEmailSchema } from '../../lib/validation.js';

/**
 * §2 /login/sso: the work e-mail's domain picks the company's identity provider (the server's /sso/login/{domain}).
 * Issue 34: the domain is asked about first (`GET /ssoconfig/{domain}`), so a domain without SSO gets 'Invalid SSO
 * Domain' here, with the password sign-in as its next step, not after a round trip through the backend's redirect.
 * A lookup that fails lets the visitor go on: the backend has the last word.
 */
export function SsoPage() {
  const search = useSearch();
  const [invalidFor, setInvalidFor] = useState<string>();
  const form = useForm({
    rules: { email: (email) => firstIssue(shortEmailSchema, email.trim()) },
    initial: { email: carriedEmail(search) },
    touched: () => ({ email: carriedEmail(search) !== '' }),
    focus: 'email',
    email: true,
    async onSubmit({ email }) {
      setInvalidFor(undefined);
      try {
        if ((await lookUpSso(email)) === 'none') return setInvalidFor(email.trim());
      } catch (error) {
        if (isCancelled(error)) return;
      }
      leaveTo(ssoLoginPath(email));
    },
  });
  const passwordHref = withEmail('/login', form.values.email);

  return (
    <AuthCard
      title={messages.ssoSignIn}
      subtitle={messages.ssoLookupHint}
      footer={
        <nav className="links" aria-label={messages.otherWaysIn}>
          <Link href={passwordHref}>{messages.signInWithPassword}</Link>
        </nav>
      }
    >
      <form {...form.props} aria-label={messages.ssoSignIn}>
        {invalidFor ? (
          <Alert type="failure" title={messages.ssoInvalidTitle}>
            <p>{messages.ssoInvalidText}</p>
            <p>
              <Link href={passwordHref}>{messages.signInWithPasswordInstead}</Link>
            </p>
          </Alert>
        ) : null}
        <EmailField label={messages.workEmail} autoComplete="username" {...form.field('email')} />
        <Button type="submit" block disabled={form.busy} busy={form.busy}>
          {messages.continueWithSso}
        </Button>
      </form>
    </AuthCard>
  );
}
