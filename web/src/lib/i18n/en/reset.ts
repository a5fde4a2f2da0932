// English, the source and the tests' reference (locale.ts says how the parts load). Part "reset":
// /reset/:token?.
export const texts = {
  // §2 reset
  resetNoTokenTitle: 'Unable to reset password',
  resetNoTokenText: 'Your link may be expired. You can request a new link on the forgot password page.',
  resetDone: 'Your password was changed. You can now sign in with it.',
  resetFailed: 'This reset link is invalid or has expired. You can request a new link on the forgot password page.',
  passwordsDiffer: 'Uh oh! Passwords do not match',
  resetTitle: 'Reset password',
  resetSubtitle: (email: string) => `Choose a new password for ${email}.`,
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  toForgotPage: 'Go to the forgot password page',
};
