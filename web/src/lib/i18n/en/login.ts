// English, the source and the tests' reference (locale.ts says how the parts load). Part "login":
// /login.
export const texts = {
  // §5 rules
  loginPasswordLength: 'Password must be at least 6 characters',
  tokenLength: 'Uh oh! Token must be 6 digits',
  // §8 login
  loginFailed: 'Login failed! Invalid email and/or password.',
  lockout:
    'You have reached the maximum failed login attempts allowed within 30 minutes. You may reset your password to login, or wait until the lockout expires',
  // §2 headers
  loginTitle: 'Welcome back! Sign in to the product',
  loginMfaTitle: 'Login with MFA',
  loginLookupFailed: 'We could not check this account right now; you can still sign in with your password.',
  /** §8 429: the wait left, m:ss already formatted for the locale. */
  retryCountdown: (time: string) => `You can try again in ${time}.`,
  signingIn: 'Signing in…',
  verifyAndSignIn: 'Verify and sign in',
  useDifferentAccount: 'Use a different account',
  codeLabel: 'Six-digit code',
  codeHint: 'Enter the six-digit code from your authenticator app.',
  forgotLink: 'Forgot password?',
  freeTrial: 'Start a free trial',
  resetYourPassword: 'Reset your password',
  ssoOffer: (domain: string) => `${domain} signs in with single sign-on.`,
};
