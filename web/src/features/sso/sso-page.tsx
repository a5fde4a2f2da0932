import { AuthCard } from '@runofshow/ui/auth-card';
import { Button } from '@runofshow/ui/button';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'wouter';
import { EmailField } from '../../components/email-field.js';
import { useFocusOnArrival } from '../../components/use-focus-on-arrival.js';
import { useRevealIssues } from '../../components/use-reveal-issues.js';
import { useTldsLoaded } from '../../components/use-tlds.js';
import { leaveTo } from '../../lib/leave.js';
import { messages } from '../../lib/messages.js';
import { tldsReady } from '../../lib/tld-list.js';
import { firstIssue, shortEmailSchema } from '../../lib/validation.js';
import { ssoLoginPath } from './sso-domain.js';

/** §2 /login/sso: the work e-mail's domain picks the company's identity provider (the server's /sso/login/{domain}). */
export function SsoPage() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useFocusOnArrival(first);
  const form = useRef<HTMLFormElement>(null);
  useTldsLoaded();
  const issuesShown = useRevealIssues(form);
  const error = issuesShown.revealed || touched ? firstIssue(shortEmailSchema, email.trim()) : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await tldsReady();
    if (firstIssue(shortEmailSchema, email.trim())) {
      issuesShown.reveal();
      return;
    }
    setLeaving(true);
    leaveTo(ssoLoginPath(email));
  }

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
      <form ref={form} noValidate onSubmit={onSubmit} aria-label="Sign in with SSO">
        <EmailField
          label="Work email"
          name="email"
          value={email}
          onValueChange={setEmail}
          onBlur={() => setTouched(true)}
          error={error}
          autoComplete="username"
          ref={first}
        />
        <Button type="submit" block disabled={leaving} busy={leaving}>
          Continue with SSO
        </Button>
      </form>
    </AuthCard>
  );
}
