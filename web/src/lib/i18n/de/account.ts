import type { texts as en } from '../en/account.js';

/** German, part "account": every text of the English part. Long compound words: the layout's test case. */
export const texts: typeof en = {
  passwordInvalid: 'Hoppla! Das Passwort ist ungültig',
  nameRequired: 'Hoppla! Ein Name ist erforderlich',
  nameLength: 'Hoppla! Der Name braucht 2 bis 50 Zeichen',
  illegalCharacters: 'Hoppla! Unzulässige Zeichen erkannt',
  nameIsLink: 'Hoppla! Darf kein Link sein',
  passwordRulesHeading: 'Passwörter müssen enthalten:',
  signupConflict:
    'Die Registrierung konnte nicht abgeschlossen werden. Bitte prüfen Sie Ihre Angaben oder versuchen Sie, sich anzumelden.',
  signupFailed: 'Wir konnten Ihr Konto nicht erstellen. Bitte versuchen Sie es erneut.',
  firstName: 'Vorname',
  lastName: 'Nachname',
  createAccount: 'Konto erstellen',
  creatingAccount: 'Ihr Konto wird erstellt…',
  ruleLength: '12 bis 32 Zeichen',
  ruleLower: 'Einen Kleinbuchstaben',
  ruleUpper: 'Einen Großbuchstaben',
  ruleSymbol: (symbols) => `Ein Sonderzeichen aus ${symbols}`,
  ruleNumber: 'Eine Ziffer',
  ruleMet: ' (erfüllt)',
  ruleMissing: ' (fehlt)',
};
