import { Alert } from '@runofshow/ui/alert';
import { AuthCard } from '@runofshow/ui/auth-card';
import { buttonClass } from '@runofshow/ui/button';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { leaveTo } from '../../lib/leave.js';
import { messages } from '../../lib/messages.js';
import { VERIFIED_DESTINATION, VERIFIED_REDIRECT_MS, verifyEmail, verifyState } from './verify-store.js';

/** §2 /verify/:token and §4: verify on arrival; on success go to the dashboard 3 seconds later. */
export function VerifyPage({ token }: { token: string }) {
  const { verified } = useSnapshot(verifyState);

  useEffect(() => {
    void verifyEmail(token);
  }, [token]);

  useEffect(() => {
    if (verified !== true) return;
    const timer = setTimeout(() => leaveTo(VERIFIED_DESTINATION), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified]);

  return (
    <AuthCard title={messages.verifyTitle}>
      {/* One live region whose content changes, so each state is announced once, in order. */}
      <div aria-live="polite" aria-busy={verified === undefined}>
        {verified === undefined ? (
          <Alert type="basic" title={messages.verifyWaitTitle} live={false}>
            <p>{messages.verifyWaitText}</p>
          </Alert>
        ) : verified ? (
          <Alert type="success" title={messages.verifiedTitle} live={false}>
            <p>
              {messages.verifiedText} <a href={VERIFIED_DESTINATION}>{messages.goNow}</a>
            </p>
          </Alert>
        ) : (
          <Alert type="warning" title={messages.verifyFailedTitle} live={false}>
            <p>{messages.verifyFailedText}</p>
          </Alert>
        )}
      </div>
      {/* Issue 34: no dead end. An address verified already signs in. */}
      {verified === false ? (
        <Link className={buttonClass({ block: true })} href="/login">
          {messages.goToSignIn}
        </Link>
      ) : null}
    </AuthCard>
  );
}
