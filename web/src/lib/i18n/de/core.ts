import type { texts as en } from '../en/core.js';

/** German, part "core": every text of the English part. Long compound words: the layout's test case. */
export const texts: typeof en = {
  emailInvalid: 'Hoppla! Die E-Mail-Adresse ist ungültig',
  emailInvalidShort: 'Hoppla! Ungültige E-Mail-Adresse',
  pageErrorTitle: 'Hoppla',
  pageErrorText:
    'Beim Laden dieser Seite ist ein Problem aufgetreten. Bitte laden Sie die Seite im Browser neu; wenn das Problem bestehen bleibt, wenden Sie sich an den Kundensupport.',
  pageErrorRefresh: 'Neu laden',
  sectionErrorReload: 'Neu laden',
  sectionErrorText: 'Dieser Teil der Seite konnte nicht angezeigt werden.',
  notFoundTitle: 'Seite nicht gefunden',
  notFoundText: 'Dieser Link führt nirgendwohin in der Anmeldeanwendung.',
  problemTooManyRequests: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  problemUnavailable: 'Der Dienst antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
  problemOffline:
    'Wir konnten den Dienst nicht erreichen. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  otherWaysIn: 'Andere Anmeldewege',
  email: 'E-Mail-Adresse',
  workEmail: 'Geschäftliche E-Mail-Adresse',
  password: 'Passwort',
  captcha: 'Captcha',
  signIn: 'Anmelden',
  ssoSignIn: 'Mit SSO anmelden',
  continueWithSso: 'Weiter mit SSO',
  requestNewLink: 'Einen neuen Link anfordern',
  goToSignIn: 'Zur Anmeldung',
  showPassword: 'Passwort anzeigen',
  hidePassword: 'Passwort verbergen',
  capsLockOn: 'Die Feststelltaste ist aktiviert.',
  language: 'Sprache',
};
