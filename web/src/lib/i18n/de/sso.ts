import type { texts as en } from '../en/sso.js';

/** German, part "sso": every text of the English part. Long compound words: the layout's test case. */
export const texts: typeof en = {
  ssoInvalidTitle: 'Ungültige SSO-Domain',
  ssoInvalidText: 'Hoppla, für diese Domain scheint kein SSO eingerichtet zu sein',
  ssoNeedInviteTitle: 'E-Mail-Adresse nicht gefunden',
  ssoNeedInviteText:
    'Wir konnten kein Benutzerkonto finden, das zu Ihrer E-Mail-Adresse passt. Bitte fragen Sie Ihre Teamadministration, ob Ihre E-Mail-Adresse eingeladen wurde.',
  ssoErrorTitle: 'Etwas ist schiefgelaufen',
  ssoErrorText:
    'Hoppla! Bei Ihrem Anmeldeversuch ist etwas Unerwartetes passiert. Bitte wenden Sie sich an den Support.',
  ssoBack: 'Zurück zur SSO-Anmeldung',
  ssoLookupHint:
    'Geben Sie Ihre geschäftliche E-Mail-Adresse ein, und wir leiten Sie zur Anmeldung Ihres Unternehmens weiter.',
  signInWithPassword: 'Mit Passwort anmelden',
  signInWithPasswordInstead: 'Stattdessen mit Ihrem Passwort anmelden',
};
