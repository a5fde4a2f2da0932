/**
 * Every user-facing text of the product specification (§2, §4, §5, §8), word for word, in one place. Texts the
 * specification leaves "not shown" are marked so, and README.md records the decision.
 */
export const messages = {
  // §5 rules
  loginPasswordLength: 'Password must be at least 6 characters',
  tokenLength: 'Uh oh! Token must be 6 digits',
  emailInvalid: 'Uh oh! Email is invalid',
  emailInvalidShort: 'Uh oh! Invalid email',
  forgotEmailInvalid: 'Invalid email address',
  passwordInvalid: 'Uh oh! Password is invalid',
  nameRequired: 'Uh oh! A name is required',
  nameLength: 'Uh oh! Name requires 2 to 50 characters',
  illegalCharacters: 'Uh oh! Illegal characters detected',
  nameIsLink: 'Uh oh! Cannot be a link',
  companyLength: 'Uh oh! 2 to 32 characters are required',
  passwordRulesHeading: 'Passwords must contain:',

  // §8 login
  loginFailed: 'Login failed! Invalid email and/or password.',
  lockout:
    'You have reached the maximum failed login attempts allowed within 30 minutes. You may reset your password to login, or wait until the lockout expires',

  // §2 headers
  loginTitle: 'Welcome back! Sign in to the product',
  loginMfaTitle: 'Login with MFA',
  signupTitle: 'Create your team account',

  // §2 SSO errors: title - text
  ssoInvalidTitle: 'Invalid SSO Domain',
  ssoInvalidText: "Oops, we don't seem to have SSO configured for that domain",
  ssoNeedInviteTitle: 'Cannot find email address',
  ssoNeedInviteText:
    'We were unable to find a user account that matches your email. Please check with your Team Admin to confirm your email address has been invited.',
  ssoErrorTitle: 'Something went wrong',
  ssoErrorText: 'Oops! Something unexpected happened during your login attempt. Please contact support.',
  ssoBack: 'Go back to SSO login',

  // §2 / §8 sign-up
  signupErrorTitle: 'Sign Up Error',
  signupConflict: 'Could not complete sign-up. Please verify your details or try logging in.',

  // §2 invited sign-up
  inviteInvalid: 'This signup link is invalid.',
  inviteInvalidText: 'If you were invited to an event, you can request a new link by submitting your email below.',
  inviteSend: 'Send email',
  inviteSending: 'Sending...',
  inviteSent: 'Sent',

  // §2 reset
  resetNoTokenTitle: 'Unable to reset password',
  resetNoTokenText: 'Your link may be expired. You can request a new link on the forgot password page.',

  // §2 forgot
  forgotSend: 'Send reset link',

  // §4 verification
  verifyWaitTitle: 'Final step to getting you all set up!',
  verifyWaitText: 'Hang on while we verify your email address',
  verifiedTitle: 'Your email address has been verified',
  verifiedText: 'In a moment you will be redirected to your application dashboard.',
  verifyFailedTitle: 'This verification link is invalid',
  verifyFailedText: "Reach out to app support if you're having trouble getting your email verified.",

  // §8 error boundaries: their texts live with them, in @runofshow/ui (lib/texts.ts).

  // Not shown in the specification: our own wording (README.md, "Decisions").
  notFoundTitle: 'Page not found',
  notFoundText: 'This link does not lead anywhere in the sign-in app.',
  forgotSent: 'Check your inbox: if the address belongs to an account, a reset link is on its way.',
  forgotFailed: 'We could not send the reset link. Please try again.',
  resetDone: 'Your password was changed. You can now sign in with it.',
  resetFailed: 'This reset link is invalid or has expired. You can request a new link on the forgot password page.',
  signupFailed: 'We could not create your account. Please try again.',
  inviteSendFailed: 'We could not send the email. Please try again.',
  ssoLookupHint: 'Enter your work email and we will take you to your company sign-in.',
  loginLookupFailed: 'We could not check this account right now; you can still sign in with your password.',
  passwordsDiffer: 'Uh oh! Passwords do not match',
  fullNameParts: 'Uh oh! Enter a first and a last name',
  phoneInvalid: 'Uh oh! Phone number requires 4 to 15 digits',
  cardNumberInvalid: 'Uh oh! Card number requires 13 to 16 digits',
  cardExpirationInvalid: 'Uh oh! Expiration must look like 08/29',
  cardCvcInvalid: 'Uh oh! CVC requires 3 digits',
  cardZipInvalid: 'Uh oh! ZIP code requires 5 digits',
  lengthRange: (min: number, max: number) => `Uh oh! ${min} to ${max} characters are required`,
} as const;

/** §8 429: the wait left, as m:ss, for the lockout countdown (not shown in the specification). */
export function retryCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return `You can try again in ${m}:${s}.`;
}
