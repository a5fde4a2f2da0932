// English, the source and the tests' reference (locale.ts says how the parts load). Part "invite":
// /signup/invited/:token.
export const texts = {
  // §2 invited sign-up
  inviteInvalid: 'This signup link is invalid.',
  inviteInvalidText: 'If you were invited to an event, you can request a new link by submitting your email below.',
  inviteSend: 'Send email',
  inviteSending: 'Sending...',
  inviteSent: 'Sent',
  inviteSendFailed: 'We could not send the email. Please try again.',
  inviteTitle: 'Join your team',
  inviteSubtitle: 'You were invited to Run of Show. Finish your account to join.',
};
