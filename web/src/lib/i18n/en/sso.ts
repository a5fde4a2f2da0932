// English, the source and the tests' reference (locale.ts says how the parts load). Part "sso":
// /login/sso and its error screens.
export const texts = {
  // §2 SSO errors: title - text
  ssoInvalidTitle: 'Invalid SSO Domain',
  ssoInvalidText: "Oops, we don't seem to have SSO configured for that domain",
  ssoNeedInviteTitle: 'Cannot find email address',
  ssoNeedInviteText:
    'We were unable to find a user account that matches your email. Please check with your Team Admin to confirm your email address has been invited.',
  ssoErrorTitle: 'Something went wrong',
  ssoErrorText: 'Oops! Something unexpected happened during your login attempt. Please contact support.',
  ssoBack: 'Go back to SSO login',
  ssoLookupHint: 'Enter your work email and we will take you to your company sign-in.',
  signInWithPassword: 'Sign in with a password',
  signInWithPasswordInstead: 'Sign in with your password instead',
};
