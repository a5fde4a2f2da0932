// English, the source and the tests' reference (locale.ts says how the parts load). Part "account":
// a new account (sign-up and the invited sign-up): names, the §5 password rules, the sign-up failures.
export const texts = {
  passwordInvalid: 'Uh oh! Password is invalid',
  nameRequired: 'Uh oh! A name is required',
  nameLength: 'Uh oh! Name requires 2 to 50 characters',
  illegalCharacters: 'Uh oh! Illegal characters detected',
  nameIsLink: 'Uh oh! Cannot be a link',
  passwordRulesHeading: 'Passwords must contain:',
  signupConflict: 'Could not complete sign-up. Please verify your details or try logging in.',
  signupFailed: 'We could not create your account. Please try again.',
  firstName: 'First name',
  lastName: 'Last name',
  createAccount: 'Create account',
  creatingAccount: 'Creating your account…',
  ruleLength: '12 to 32 characters',
  ruleLower: 'A lowercase letter',
  ruleUpper: 'An uppercase letter',
  ruleSymbol: (symbols: string) => `A symbol from ${symbols}`,
  ruleNumber: 'A number',
  ruleMet: ' (met)',
  ruleMissing: ' (missing)',
};
