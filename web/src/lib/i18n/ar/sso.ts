import type { texts as en } from '../en/sso.js';

/** Arabic (right to left), part "sso": every text of the English part. */
export const texts: typeof en = {
  ssoInvalidTitle: 'نطاق تسجيل دخول موحّد غير صالح',
  ssoInvalidText: 'عذرًا، يبدو أن تسجيل الدخول الموحّد غير مُعدّ لهذا النطاق',
  ssoNeedInviteTitle: 'تعذّر العثور على عنوان البريد الإلكتروني',
  ssoNeedInviteText:
    'لم نتمكن من العثور على حساب مستخدم يطابق بريدك الإلكتروني. يُرجى التحقق مع مسؤول فريقك للتأكد من أن عنوان بريدك الإلكتروني قد تمت دعوته.',
  ssoErrorTitle: 'حدث خطأ ما',
  ssoErrorText: 'عذرًا! حدث أمر غير متوقع أثناء محاولة تسجيل الدخول. يُرجى التواصل مع الدعم.',
  ssoBack: 'العودة إلى تسجيل الدخول الموحّد',
  ssoLookupHint: 'أدخل بريد العمل وسننقلك إلى صفحة تسجيل الدخول الخاصة بشركتك.',
  signInWithPassword: 'تسجيل الدخول بكلمة المرور',
  signInWithPasswordInstead: 'سجّل الدخول بكلمة المرور بدلًا من ذلك',
};
