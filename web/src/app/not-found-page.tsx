import { Link } from 'wouter';
import { AuthCard } from '../components/auth-card.js';
import { buttonClass } from '../components/button.js';
import { messages } from '../lib/messages.js';

/** Any route the sign-in app does not know. */
export function NotFoundPage() {
  return (
    <AuthCard title={messages.notFoundTitle} subtitle={messages.notFoundText}>
      <Link className={buttonClass({ block: true })} href="/login">
        Go to sign in
      </Link>
    </AuthCard>
  );
}
