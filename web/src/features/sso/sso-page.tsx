import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'wouter';
import { leaveTo } from '../../app/leave.js';
import { AuthCard } from '../../components/auth-card.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/text-field.js';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid.js';
import { useTldsLoaded } from '../../components/use-tlds.js';
import { messages } from '../../lib/messages.js';
import { isMobileDevice } from '../../lib/mobile-device.js';
import { loadTlds, tldsReady } from '../../lib/tld-list.js';
import { firstIssue, shortEmailSchema } from '../../lib/validation.js';
import { ssoLoginPath } from './sso-domain.js';

/** §2 /login/sso: the work e-mail's domain picks the company's identity provider (the server's /sso/login/{domain}). */
export function SsoPage() {
  const [email, setEmail] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [touched, setTouched] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [autoFocus] = useState(() => !isMobileDevice());
  const form = useRef<HTMLFormElement>(null);
  useTldsLoaded();
  useFocusFirstInvalid(form, attempt);
  const error = attempt > 0 || touched ? firstIssue(shortEmailSchema, email.trim()) : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await tldsReady();
    if (firstIssue(shortEmailSchema, email.trim())) {
      setAttempt((n) => n + 1);
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
        <TextField
          label="Work email"
          name="email"
          type="email"
          value={email}
          onValueChange={(value) => {
            void loadTlds();
            setEmail(value);
          }}
          onBlur={() => setTouched(true)}
          error={error}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={autoFocus}
        />
        <Button type="submit" block disabled={leaving} busy={leaving}>
          Continue with SSO
        </Button>
      </form>
    </AuthCard>
  );
}
