// English, the source and the tests' reference (locale.ts says how the parts load). Part "core":
// what every screen shares (the §8 error screens, the not-found page, the language switch, the fields).
export const texts = {
  emailInvalid: 'Uh oh! Email is invalid',
  emailInvalidShort: 'Uh oh! Invalid email',
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
  /** A server error by its Problem `type` (never its English `detail`): too many requests. */
  problemTooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  problemUnavailable: 'The service is not answering right now. Please try again in a moment.',
  problemOffline: 'We could not reach the service. Please check your connection and try again.',
  // Screens: labels, buttons, links
  otherWaysIn: 'Other ways in',
  email: 'Email',
  workEmail: 'Work email',
  password: 'Password',
  captcha: 'Captcha',
  signIn: 'Sign in',
  ssoSignIn: 'Sign in with SSO',
  continueWithSso: 'Continue with SSO',
  requestNewLink: 'Request a new link',
  goToSignIn: 'Go to sign in',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  capsLockOn: 'Caps Lock is on.',
  language: 'Language',
};
