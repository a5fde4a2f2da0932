import { Link } from 'wouter';
import { AuthCard } from '../components/auth-card.js';

/** Any route the sign-in app does not know. */
export function NotFoundPage() {
  return (
    <AuthCard title="Page not found" subtitle="This link does not lead anywhere in the sign-in app.">
      <Link className="button button-primary" href="/login">
        Go to sign in
      </Link>
    </AuthCard>
  );
}
