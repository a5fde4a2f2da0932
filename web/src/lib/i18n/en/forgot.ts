// English, the source and the tests' reference (locale.ts says how the parts load). Part "forgot":
// /forgot.
export const texts = {
  forgotEmailInvalid: 'Invalid email address',
  // §2 forgot
  forgotSend: 'Send reset link',
  forgotSent: 'Check your inbox: if the address belongs to an account, a reset link is on its way.',
  forgotFailed: 'We could not send the reset link. Please try again.',
  forgotTitle: 'Forgot password',
  forgotSubtitle: 'Enter the email you sign in with and we will send you a link to reset your password.',
  backToSignIn: 'Back to sign in',
};
