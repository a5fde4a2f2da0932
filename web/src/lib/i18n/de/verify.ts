import type { texts as en } from '../en/verify.js';

/** German, part "verify": every text of the English part. Long compound words: the layout's test case. */
export const texts: typeof en = {
  verifyWaitTitle: 'Der letzte Schritt, dann ist alles eingerichtet!',
  verifyWaitText: 'Einen Moment, wir bestätigen Ihre E-Mail-Adresse',
  verifiedTitle: 'Ihre E-Mail-Adresse wurde bestätigt',
  verifiedText: 'Gleich werden Sie zu Ihrem Anwendungs-Dashboard weitergeleitet.',
  verifyFailedTitle: 'Dieser Bestätigungslink ist ungültig',
  verifyFailedText:
    'Wenden Sie sich an den Anwendungssupport, wenn Sie Probleme bei der Bestätigung Ihrer E-Mail-Adresse haben.',
  verifyTitle: 'E-Mail-Adresse bestätigen',
  goNow: 'Jetzt weiter',
};
