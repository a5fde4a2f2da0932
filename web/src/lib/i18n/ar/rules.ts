import type { texts as en } from '../en/rules.js';

/** Arabic (right to left), part "rules": every text of the English part. */
export const texts: typeof en = {
  fullNameParts: 'عذرًا! أدخل الاسم الأول واسم العائلة',
  phoneInvalid: 'عذرًا! يجب أن يتكون رقم الهاتف من 4 إلى 15 رقمًا',
  cardNumberInvalid: 'عذرًا! يجب أن يتكون رقم البطاقة من 13 إلى 16 رقمًا',
  cardExpirationInvalid: 'عذرًا! يجب أن يكون تاريخ الانتهاء بالشكل 08/29',
  cardCvcInvalid: 'عذرًا! يجب أن يتكون رمز التحقق من 3 أرقام',
  cardZipInvalid: 'عذرًا! يجب أن يتكون الرمز البريدي من 5 أرقام',
  lengthRange: (min, max) => `عذرًا! المطلوب من ${min} إلى ${max} حرفًا`,
};
