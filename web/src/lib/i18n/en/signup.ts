// English, the source and the tests' reference (locale.ts says how the parts load). Part "signup":
// /signup.
export const texts = {
  companyLength: 'Uh oh! 2 to 32 characters are required',
  signupTitle: 'Create your team account',
  // §2 / §8 sign-up
  signupErrorTitle: 'Sign Up Error',
  signupDismiss: 'Dismiss',
  signupLogin: 'Login',
  companyName: 'Company name',
  signupSubtitle: 'Start your free trial. No credit card required.',
  haveAccount: 'Already have an account? Sign in',
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
};
