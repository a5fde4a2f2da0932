import type { OperationId } from '@runofshow/sdk';

/**
 * A scenario account: a request to `operationId` carrying these values gets the `prefer` choice (a status and/or a
 * named example of the description), so Prism still validates the request and answers only what the description
 * holds. Values compare case-insensitively; body values are top-level JSON fields.
 */
export interface Scenario {
  /** Short name, shown in the docs and the mock's log. */
  name: string;
  operationId: OperationId;
  when: {
    path?: Record<string, string>;
    query?: Record<string, string>;
    body?: Record<string, string>;
  };
  /** The `Prefer` header sent to Prism, e.g. `code=429` or `code=404, example=inviteExpired`. */
  prefer: string;
  /** What a tester does in the sign-in app (docs). */
  input: string;
  /** The screen it leads to (docs). */
  screen: string;
}

/**
 * THE catalogue of scenario accounts (QA's data file). The first matching entry wins; a request that matches none
 * gets the description's normal examples, and a `Prefer` header sent by the client always wins over a scenario.
 */
export const scenarios: readonly Scenario[] = [
  {
    name: 'two-factor: wrong code',
    operationId: 'auth.login',
    when: { body: { email: 'mfa@example.com', timeBasedToken: '000000' } },
    prefer: 'code=401',
    input: 'Sign in as `mfa@example.com` (any password of 6+ characters), then enter the code `000000`',
    screen: "/login, code step: 'Login failed! Invalid email and/or password.'",
  },
  {
    name: 'two-factor enabled',
    operationId: 'users.hasTwoFactorAuth',
    when: { path: { email: 'mfa@example.com' } },
    prefer: 'example=enabled',
    input: 'Sign in as `mfa@example.com` (any password of 6+ characters); any other six digits sign in',
    screen: "/login, second step 'Login with MFA' asking for the six-digit code",
  },
  {
    name: 'locked out',
    operationId: 'auth.login',
    when: { body: { email: 'locked@example.com' } },
    prefer: 'code=429',
    input: 'Sign in as `locked@example.com` (any password of 6+ characters)',
    screen:
      "/login: the 30-minute lockout message with a link to /forgot, 'You can try again in 30:00.' (Retry-After 1800)",
  },
  {
    name: 'wrong password',
    operationId: 'auth.login',
    when: { body: { email: 'wrong@example.com' } },
    prefer: 'code=401',
    input: 'Sign in as `wrong@example.com` (any password of 6+ characters)',
    screen: "/login: 'Login failed! Invalid email and/or password.'",
  },
  {
    name: 'address already in use',
    operationId: 'users.create',
    when: { body: { email: 'taken@example.com' } },
    prefer: 'code=409',
    input: 'Sign up at /signup with the e-mail `taken@example.com`',
    screen:
      "/signup: the 'Sign Up Error' dialog, 'Could not complete sign-up. Please verify your details or try logging in.'",
  },
  {
    name: 'SSO configured',
    operationId: 'sso.getByDomain',
    when: { path: { domain: 'sso.example.com' } },
    prefer: 'code=200, example=saml',
    input: 'At /login/sso enter `ada@sso.example.com`',
    screen:
      '/sso/login/sso.example.com, where the development site stands in for the identity provider: /dash/redirect',
  },
  {
    name: 'SSO not configured',
    operationId: 'sso.getByDomain',
    when: { path: { domain: 'nosso.example.com' } },
    prefer: 'code=404, example=noSsoConfig',
    input: 'At /login/sso enter `ada@nosso.example.com`',
    screen: "/login/sso: 'Invalid SSO Domain' in place (the backend's redirect: /login/sso/invalid)",
  },
  {
    name: 'SSO lookup fails',
    operationId: 'sso.getByDomain',
    when: { path: { domain: 'broken-sso.example.com' } },
    prefer: 'code=500',
    input: 'At /login/sso enter `ada@broken-sso.example.com`',
    screen: "/login/sso/error: 'Something went wrong'",
  },
  {
    name: 'expired invitation',
    operationId: 'users.getInvited',
    when: { path: { inviteToken: 'expired-invite-token' } },
    prefer: 'code=404, example=inviteExpired',
    input: 'Open /signup/invited/expired-invite-token',
    screen: "'This signup link is invalid.' with the form to resend the invitation",
  },
  {
    name: 'invalid reset link',
    operationId: 'users.resetPassword',
    when: { body: { passwordRecoveryToken: 'invalid-reset-token' } },
    prefer: 'code=404, example=resetTokenInvalid',
    input: 'Open /reset/invalid-reset-token?email=ada@example.com and set a valid new password',
    screen: '/reset: the failure alert with a link to request a new link on /forgot',
  },
  {
    name: 'failing verification',
    operationId: 'users.verifyEmail',
    when: { body: { verificationToken: 'failing-verification-token' } },
    prefer: 'code=404, example=verificationTokenInvalid',
    input: 'Open /verify/failing-verification-token',
    screen: "'This verification link is invalid'",
  },
];
