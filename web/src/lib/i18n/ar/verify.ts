import type { texts as en } from '../en/verify.js';

/** Arabic (right to left), part "verify": every text of the English part. */
export const texts: typeof en = {
  verifyWaitTitle: 'الخطوة الأخيرة لإعداد كل شيء!',
  verifyWaitText: 'انتظر قليلًا بينما نتحقق من عنوان بريدك الإلكتروني',
  verifiedTitle: 'تم التحقق من عنوان بريدك الإلكتروني',
  verifiedText: 'ستتم إعادة توجيهك بعد لحظات إلى لوحة تحكم التطبيق.',
  verifyFailedTitle: 'رابط التحقق هذا غير صالح',
  verifyFailedText: 'تواصل مع دعم التطبيق إذا واجهت مشكلة في التحقق من بريدك الإلكتروني.',
  verifyTitle: 'التحقق من البريد الإلكتروني',
  goNow: 'انتقل الآن',
};
