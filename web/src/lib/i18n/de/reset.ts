import type { texts as en } from '../en/reset.js';

/** German, part "reset": every text of the English part. Long compound words: the layout's test case. */
export const texts: typeof en = {
  resetNoTokenTitle: 'Passwort kann nicht zurückgesetzt werden',
  resetNoTokenText:
    'Ihr Link ist möglicherweise abgelaufen. Auf der Seite „Passwort vergessen“ können Sie einen neuen Link anfordern.',
  resetDone: 'Ihr Passwort wurde geändert. Sie können sich jetzt damit anmelden.',
  resetFailed:
    'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen. Auf der Seite „Passwort vergessen“ können Sie einen neuen Link anfordern.',
  passwordsDiffer: 'Hoppla! Die Passwörter stimmen nicht überein',
  resetTitle: 'Passwort zurücksetzen',
  resetSubtitle: (email) => `Wählen Sie ein neues Passwort für ${email}.`,
  newPassword: 'Neues Passwort',
  confirmNewPassword: 'Neues Passwort bestätigen',
  toForgotPage: 'Zur Seite „Passwort vergessen“',
};
