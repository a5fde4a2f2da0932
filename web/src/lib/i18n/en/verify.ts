// English, the source and the tests' reference (locale.ts says how the parts load). Part "verify":
// /verify/:token.
export const texts = {
  // §4 verification
  verifyWaitTitle: 'Final step to getting you all set up!',
  verifyWaitText: 'Hang on while we verify your email address',
  verifiedTitle: 'Your email address has been verified',
  verifiedText: 'In a moment you will be redirected to your application dashboard.',
  verifyFailedTitle: 'This verification link is invalid',
  verifyFailedText: "Reach out to app support if you're having trouble getting your email verified.",
  verifyTitle: 'Verify Email',
  goNow: 'Go now',
};
