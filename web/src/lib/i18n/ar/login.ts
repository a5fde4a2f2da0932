import type { texts as en } from '../en/login.js';

/** Arabic (right to left), part "login": every text of the English part. */
export const texts: typeof en = {
  loginPasswordLength: 'يجب ألا تقل كلمة المرور عن 6 أحرف',
  tokenLength: 'عذرًا! يجب أن يتكون الرمز من 6 أرقام',
  loginFailed: 'فشل تسجيل الدخول! البريد الإلكتروني و/أو كلمة المرور غير صحيحة.',
  lockout:
    'لقد بلغت الحد الأقصى لمحاولات تسجيل الدخول الفاشلة المسموح بها خلال 30 دقيقة. يمكنك إعادة تعيين كلمة المرور لتسجيل الدخول، أو الانتظار حتى ينتهي الحظر',
  loginTitle: 'مرحبًا بعودتك! سجّل الدخول إلى المنتج',
  loginMfaTitle: 'تسجيل الدخول بالمصادقة متعددة العوامل',
  loginLookupFailed: 'تعذّر التحقق من هذا الحساب الآن؛ لا يزال بإمكانك تسجيل الدخول بكلمة المرور.',
  retryCountdown: (time) => `يمكنك المحاولة مرة أخرى بعد ${time}.`,
  signingIn: 'جارٍ تسجيل الدخول…',
  verifyAndSignIn: 'تحقق وسجّل الدخول',
  useDifferentAccount: 'استخدام حساب آخر',
  codeLabel: 'الرمز المكوّن من ستة أرقام',
  codeHint: 'أدخل الرمز المكوّن من ستة أرقام من تطبيق المصادقة.',
  forgotLink: 'هل نسيت كلمة المرور؟',
  freeTrial: 'ابدأ تجربة مجانية',
  resetYourPassword: 'أعد تعيين كلمة المرور',
  ssoOffer: (domain) => `يسجّل النطاق ${domain} الدخول عبر تسجيل الدخول الموحّد.`,
};
