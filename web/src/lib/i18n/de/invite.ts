import type { texts as en } from '../en/invite.js';

/** German, part "invite": every text of the English part. Long compound words: the layout's test case. */
export const texts: typeof en = {
  inviteInvalid: 'Dieser Registrierungslink ist ungültig.',
  inviteInvalidText:
    'Wenn Sie zu einer Veranstaltung eingeladen wurden, können Sie unten mit Ihrer E-Mail-Adresse einen neuen Link anfordern.',
  inviteSend: 'E-Mail senden',
  inviteSending: 'Wird gesendet...',
  inviteSent: 'Gesendet',
  inviteSendFailed: 'Wir konnten die E-Mail nicht senden. Bitte versuchen Sie es erneut.',
  inviteTitle: 'Treten Sie Ihrem Team bei',
  inviteSubtitle: 'Sie wurden zu Run of Show eingeladen. Vervollständigen Sie Ihr Konto, um beizutreten.',
};
