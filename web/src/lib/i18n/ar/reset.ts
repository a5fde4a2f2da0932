import type { texts as en } from '../en/reset.js';

/** Arabic (right to left), part "reset": every text of the English part. */
export const texts: typeof en = {
  resetNoTokenTitle: 'تعذّرت إعادة تعيين كلمة المرور',
  resetNoTokenText: 'ربما انتهت صلاحية الرابط. يمكنك طلب رابط جديد من صفحة نسيان كلمة المرور.',
  resetDone: 'تم تغيير كلمة المرور. يمكنك الآن تسجيل الدخول بها.',
  resetFailed: 'رابط إعادة التعيين هذا غير صالح أو منتهي الصلاحية. يمكنك طلب رابط جديد من صفحة نسيان كلمة المرور.',
  passwordsDiffer: 'عذرًا! كلمتا المرور غير متطابقتين',
  resetTitle: 'إعادة تعيين كلمة المرور',
  resetSubtitle: (email) => `اختر كلمة مرور جديدة للحساب ${email}.`,
  newPassword: 'كلمة المرور الجديدة',
  confirmNewPassword: 'تأكيد كلمة المرور الجديدة',
  toForgotPage: 'الانتقال إلى صفحة نسيان كلمة المرور',
};
