import type { texts as en } from '../en/signup.js';

/** German, part "signup": every text of the English part. Long compound words: the layout's test case. */
export const texts: typeof en = {
  companyLength: 'Hoppla! 2 bis 32 Zeichen sind erforderlich',
  signupTitle: 'Erstellen Sie Ihr Teamkonto',
  signupErrorTitle: 'Registrierungsfehler',
  signupDismiss: 'Schließen',
  signupLogin: 'Anmelden',
  companyName: 'Unternehmensname',
  signupSubtitle: 'Starten Sie Ihre kostenlose Testphase. Keine Kreditkarte erforderlich.',
  haveAccount: 'Sie haben schon ein Konto? Anmelden',
  legalBefore: 'Mit der Registrierung stimmen Sie den',
  terms: 'Allgemeinen Geschäftsbedingungen',
  legalAnd: 'und der',
  privacy: 'Datenschutzerklärung',
  legalAfter: ' zu.',
  opensNewTab: ' (öffnet in einem neuen Tab)',
  signedInAs: (name, email) => `Sie sind als ${name} (${email}) angemeldet. Ein neues Team für dieses Konto erstellen?`,
  createTeam: 'Team erstellen',
  notYou: 'Nicht Sie? Mit einem anderen Konto registrieren',
};
