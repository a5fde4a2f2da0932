import type { texts as en } from '../en/forgot.js';

/** German, part "forgot": every text of the English part. Long compound words: the layout's test case. */
export const texts: typeof en = {
  forgotEmailInvalid: 'Ungültige E-Mail-Adresse',
  forgotSend: 'Link zum Zurücksetzen senden',
  forgotSent:
    'Sehen Sie in Ihrem Posteingang nach: Wenn die Adresse zu einem Konto gehört, ist ein Link zum Zurücksetzen unterwegs.',
  forgotFailed: 'Wir konnten den Link zum Zurücksetzen nicht senden. Bitte versuchen Sie es erneut.',
  forgotTitle: 'Passwort vergessen',
  forgotSubtitle:
    'Geben Sie die E-Mail-Adresse ein, mit der Sie sich anmelden, und wir senden Ihnen einen Link zum Zurücksetzen Ihres Passworts.',
  backToSignIn: 'Zurück zur Anmeldung',
};
