import type { texts as en } from '../en/forgot.js';

/** Arabic (right to left), part "forgot": every text of the English part. */
export const texts: typeof en = {
  forgotEmailInvalid: 'عنوان بريد إلكتروني غير صالح',
  forgotSend: 'إرسال رابط إعادة التعيين',
  forgotSent: 'تحقق من بريدك الوارد: إذا كان العنوان مرتبطًا بحساب، فرابط إعادة التعيين في طريقه إليك.',
  forgotFailed: 'تعذّر إرسال رابط إعادة التعيين. يُرجى المحاولة مرة أخرى.',
  forgotTitle: 'نسيت كلمة المرور',
  forgotSubtitle: 'أدخل البريد الإلكتروني الذي تسجّل الدخول به وسنرسل إليك رابطًا لإعادة تعيين كلمة المرور.',
  backToSignIn: 'العودة إلى تسجيل الدخول',
};
