import type { texts as en } from '../en/invite.js';

/** Arabic (right to left), part "invite": every text of the English part. */
export const texts: typeof en = {
  inviteInvalid: 'رابط التسجيل هذا غير صالح.',
  inviteInvalidText: 'إذا تمت دعوتك إلى فعالية، يمكنك طلب رابط جديد بإرسال بريدك الإلكتروني أدناه.',
  inviteSend: 'إرسال البريد',
  inviteSending: 'جارٍ الإرسال...',
  inviteSent: 'تم الإرسال',
  inviteSendFailed: 'تعذّر إرسال البريد. يُرجى المحاولة مرة أخرى.',
  inviteTitle: 'انضم إلى فريقك',
  inviteSubtitle: 'تمت دعوتك إلى Run of Show. أكمل حسابك للانضمام.',
};
