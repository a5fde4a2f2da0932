// English, the source and the tests' reference (locale.ts says how the parts load). Part "rules":
// the §5 rules no sign-in screen shows (the main application's forms); the unit tests read them.
export const texts = {
  fullNameParts: 'Uh oh! Enter a first and a last name',
  phoneInvalid: 'Uh oh! Phone number requires 4 to 15 digits',
  cardNumberInvalid: 'Uh oh! Card number requires 13 to 16 digits',
  cardExpirationInvalid: 'Uh oh! Expiration must look like 08/29',
  cardCvcInvalid: 'Uh oh! CVC requires 3 digits',
  cardZipInvalid: 'Uh oh! ZIP code requires 5 digits',
  lengthRange: (min: number, max: number) => `Uh oh! ${min} to ${max} characters are required`,
};
