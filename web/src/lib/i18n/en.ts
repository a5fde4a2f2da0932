/**
 * The sign-in app's message catalogue, English: the source of every other locale and the tests' reference. Every
 * user-facing text of the specification (§2, §4, §5, §8) word for word, then the texts the specification leaves
 * "not shown" (our wording, README.md "Decisions") and the screens' labels. A locale is this shape, complete.
 */
export const en = {
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
  signupDismiss: 'Dismiss',
  signupLogin: 'Login',

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

  // §8 error screens (shown by @runofshow/ui's boundaries)
  pageErrorTitle: 'Uh oh',
  pageErrorText:
    'There was a problem loading this page. Please try a browser refresh and if the problem persists, reach out to client support.',
  pageErrorRefresh: 'Refresh',
  sectionErrorReload: 'Reload',
  sectionErrorText: 'This part of the page could not be shown.',

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
  /** §8 429: the wait left, m:ss already formatted for the locale. */
  retryCountdown: (time: string) => `You can try again in ${time}.`,
  /** A server error by its Problem `type` (never its English `detail`): too many requests. */
  problemTooManyRequests: 'Too many attempts. Please wait a moment and try again.',

  // Screens: labels, buttons, links
  otherWaysIn: 'Other ways in',
  email: 'Email',
  workEmail: 'Work email',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company name',
  captcha: 'Captcha',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  verifyAndSignIn: 'Verify and sign in',
  useDifferentAccount: 'Use a different account',
  codeLabel: 'Six-digit code',
  codeHint: 'Enter the six-digit code from your authenticator app.',
  ssoSignIn: 'Sign in with SSO',
  forgotLink: 'Forgot password?',
  freeTrial: 'Start a free trial',
  resetYourPassword: 'Reset your password',
  ssoOffer: (domain: string) => `${domain} signs in with single sign-on.`,
  continueWithSso: 'Continue with SSO',
  signInWithPassword: 'Sign in with a password',
  signInWithPasswordInstead: 'Sign in with your password instead',
  forgotTitle: 'Forgot password',
  forgotSubtitle: 'Enter the email you sign in with and we will send you a link to reset your password.',
  backToSignIn: 'Back to sign in',
  resetTitle: 'Reset password',
  resetSubtitle: (email: string) => `Choose a new password for ${email}.`,
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  requestNewLink: 'Request a new link',
  toForgotPage: 'Go to the forgot password page',
  verifyTitle: 'Verify Email',
  goNow: 'Go now',
  goToSignIn: 'Go to sign in',
  signupSubtitle: 'Start your free trial. No credit card required.',
  haveAccount: 'Already have an account? Sign in',
  createAccount: 'Create account',
  creatingAccount: 'Creating your account…',
  legalBefore: 'By signing up, you agree to the',
  terms: 'terms and conditions',
  legalAnd: 'and',
  privacy: 'privacy policy',
  legalAfter: '.',
  opensNewTab: ' (opens in a new tab)',
  signedInAs: (name: string, email: string) =>
    `You are signed in as ${name} (${email}). Create a new team for this account?`,
  createTeam: 'Create team',
  notYou: 'Not you? Sign up with another account',
  inviteTitle: 'Join your team',
  inviteSubtitle: 'You were invited to Run of Show. Finish your account to join.',
  ruleLength: '12 to 32 characters',
  ruleLower: 'A lowercase letter',
  ruleUpper: 'An uppercase letter',
  ruleSymbol: (symbols: string) => `A symbol from ${symbols}`,
  ruleNumber: 'A number',
  ruleMet: ' (met)',
  ruleMissing: ' (missing)',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  capsLockOn: 'Caps Lock is on.',
  language: 'Language',
};

export type Texts = typeof en;
