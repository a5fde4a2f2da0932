import { AuthCard } from '@runofshow/ui/auth-card';
import { buttonClass } from '@runofshow/ui/button';
import { Link } from 'wouter';
import { messages } from '../lib/messages.js';

/** Any route the sign-in app does not know. */
export function NotFoundPage() {
  return (
    <AuthCard title={messages.notFoundTitle} subtitle={messages.notFoundText}>
      <Link className={buttonClass({ block: true })} href="/login">
        {messages.goToSignIn}
      </Link>
    </AuthCard>
  );
}
