import type { texts as en } from '../en/core.js';

/** Arabic (right to left), part "core": every text of the English part. */
export const texts: typeof en = {
  emailInvalid: 'عذرًا! البريد الإلكتروني غير صالح',
  pageErrorTitle: 'عذرًا',
  pageErrorText: 'حدثت مشكلة أثناء تحميل هذه الصفحة. يُرجى تحديث المتصفح، وإذا استمرت المشكلة فتواصل مع دعم العملاء.',
  pageErrorRefresh: 'تحديث',
  sectionErrorReload: 'إعادة التحميل',
  sectionErrorText: 'تعذّر عرض هذا الجزء من الصفحة.',
  notFoundTitle: 'الصفحة غير موجودة',
  notFoundText: 'لا يؤدي هذا الرابط إلى أي مكان في تطبيق تسجيل الدخول.',
  problemTooManyRequests: 'محاولات كثيرة جدًا. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
  otherWaysIn: 'طرق أخرى للدخول',
  email: 'البريد الإلكتروني',
  workEmail: 'بريد العمل',
  password: 'كلمة المرور',
  captcha: 'اختبار التحقق',
  signIn: 'تسجيل الدخول',
  ssoSignIn: 'تسجيل الدخول الموحّد',
  continueWithSso: 'المتابعة بتسجيل الدخول الموحّد',
  requestNewLink: 'طلب رابط جديد',
  goToSignIn: 'الانتقال إلى تسجيل الدخول',
  showPassword: 'إظهار كلمة المرور',
  hidePassword: 'إخفاء كلمة المرور',
  capsLockOn: 'مفتاح الأحرف الكبيرة مفعّل.',
  language: 'اللغة',
};
