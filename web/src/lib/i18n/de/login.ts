import type { texts as en } from '../en/login.js';

/** German, part "login": every text of the English part. Long compound words: the layout's test case. */
export const texts: typeof en = {
  loginPasswordLength: 'Das Passwort muss mindestens 6 Zeichen lang sein',
  tokenLength: 'Hoppla! Der Code muss aus 6 Ziffern bestehen',
  loginFailed: 'Anmeldung fehlgeschlagen! Ungültige E-Mail-Adresse und/oder ungültiges Passwort.',
  lockout:
    'Sie haben die maximale Anzahl fehlgeschlagener Anmeldeversuche innerhalb von 30 Minuten erreicht. Sie können Ihr Passwort zurücksetzen, um sich anzumelden, oder warten, bis die Sperre abläuft',
  loginTitle: 'Willkommen zurück! Melden Sie sich beim Produkt an',
  loginMfaTitle: 'Anmeldung mit Zwei-Faktor-Authentifizierung',
  loginLookupFailed:
    'Wir konnten dieses Konto gerade nicht prüfen; Sie können sich trotzdem mit Ihrem Passwort anmelden.',
  retryCountdown: (time) => `Sie können es in ${time} erneut versuchen.`,
  signingIn: 'Anmeldung läuft…',
  verifyAndSignIn: 'Bestätigen und anmelden',
  useDifferentAccount: 'Ein anderes Konto verwenden',
  codeLabel: 'Sechsstelliger Code',
  codeHint: 'Geben Sie den sechsstelligen Code aus Ihrer Authentifizierungs-App ein.',
  forgotLink: 'Passwort vergessen?',
  freeTrial: 'Kostenlose Testphase starten',
  resetYourPassword: 'Setzen Sie Ihr Passwort zurück',
  ssoOffer: (domain) => `${domain} meldet sich per Single Sign-on an.`,
};
