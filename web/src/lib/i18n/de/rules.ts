import type { texts as en } from '../en/rules.js';

/** German, part "rules": every text of the English part. Long compound words: the layout's test case. */
export const texts: typeof en = {
  fullNameParts: 'Hoppla! Geben Sie einen Vor- und einen Nachnamen ein',
  phoneInvalid: 'Hoppla! Die Telefonnummer braucht 4 bis 15 Ziffern',
  cardNumberInvalid: 'Hoppla! Die Kartennummer braucht 13 bis 16 Ziffern',
  cardExpirationInvalid: 'Hoppla! Das Ablaufdatum muss wie 08/29 aussehen',
  cardCvcInvalid: 'Hoppla! Die Prüfnummer braucht 3 Ziffern',
  cardZipInvalid: 'Hoppla! Die Postleitzahl braucht 5 Ziffern',
  lengthRange: (min, max) => `Hoppla! ${min} bis ${max} Zeichen sind erforderlich`,
};
