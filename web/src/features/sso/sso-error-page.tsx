import { Alert } from '@runofshow/ui/alert';
import { AuthCard } from '@runofshow/ui/auth-card';
import { buttonClass } from '@runofshow/ui/button';
import { Link } from 'wouter';
import { messages } from '../../lib/messages.js';

const ERRORS = {
  invalid: () => ({ title: messages.ssoInvalidTitle, text: messages.ssoInvalidText }),
  'need-invite': () => ({ title: messages.ssoNeedInviteTitle, text: messages.ssoNeedInviteText }),
  error: () => ({ title: messages.ssoErrorTitle, text: messages.ssoErrorText }),
} as const;

type SsoErrorKind = keyof typeof ERRORS;

/** §2 SSO error screens (the identity provider's callback sends the browser here), each with a way back. */
export function SsoErrorPage({ kind }: { kind: SsoErrorKind }) {
  const { title, text } = ERRORS[kind]();
  return (
    <AuthCard title={messages.ssoSignIn}>
      <Alert type="failure" title={title} live={false}>
        <p>{text}</p>
      </Alert>
      <Link className={buttonClass({ color: 'outline', block: true })} href="/login/sso">
        {messages.ssoBack}
      </Link>
    </AuthCard>
  );
}
