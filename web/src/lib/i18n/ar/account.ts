import type { texts as en } from '../en/account.js';

/** Arabic (right to left), part "account": every text of the English part. */
export const texts: typeof en = {
  passwordInvalid: 'عذرًا! كلمة المرور غير صالحة',
  nameRequired: 'عذرًا! الاسم مطلوب',
  nameLength: 'عذرًا! يجب أن يتكون الاسم من 2 إلى 50 حرفًا',
  illegalCharacters: 'عذرًا! تم العثور على أحرف غير مسموح بها',
  nameIsLink: 'عذرًا! لا يمكن أن يكون رابطًا',
  passwordRulesHeading: 'يجب أن تحتوي كلمات المرور على:',
  signupConflict: 'تعذّر إكمال التسجيل. يُرجى التحقق من بياناتك أو محاولة تسجيل الدخول.',
  signupFailed: 'تعذّر إنشاء حسابك. يُرجى المحاولة مرة أخرى.',
  firstName: 'الاسم الأول',
  lastName: 'اسم العائلة',
  createAccount: 'إنشاء الحساب',
  creatingAccount: 'جارٍ إنشاء حسابك…',
  ruleLength: 'من 12 إلى 32 حرفًا',
  ruleLower: 'حرف لاتيني صغير',
  ruleUpper: 'حرف لاتيني كبير',
  ruleSymbol: (symbols) => `رمز من ${symbols}`,
  ruleNumber: 'رقم',
  ruleMet: ' (مستوفى)',
  ruleMissing: ' (غير مستوفى)',
};
