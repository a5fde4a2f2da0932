import type { texts as en } from '../en/signup.js';

/** Arabic (right to left), part "signup": every text of the English part. */
export const texts: typeof en = {
  companyLength: 'عذرًا! المطلوب من 2 إلى 32 حرفًا',
  signupTitle: 'أنشئ حساب فريقك',
  signupErrorTitle: 'خطأ في التسجيل',
  signupDismiss: 'إغلاق',
  signupLogin: 'تسجيل الدخول',
  companyName: 'اسم الشركة',
  signupSubtitle: 'ابدأ تجربتك المجانية. لا حاجة إلى بطاقة ائتمان.',
  haveAccount: 'لديك حساب بالفعل؟ سجّل الدخول',
  legalBefore: 'بالتسجيل، فإنك توافق على',
  terms: 'الشروط والأحكام',
  legalAnd: 'و',
  privacy: 'سياسة الخصوصية',
  legalAfter: '.',
  opensNewTab: ' (يفتح في علامة تبويب جديدة)',
  signedInAs: (name, email) => `أنت مسجّل الدخول باسم ${name} (${email}). هل تريد إنشاء فريق جديد لهذا الحساب؟`,
  createTeam: 'إنشاء فريق',
  notYou: 'لست أنت؟ سجّل بحساب آخر',
};
