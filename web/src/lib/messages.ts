/** Every user-facing message of the product specification (§2, §4, §5, §8), word for word, in one place. */
export const messages = {
  loginPasswordLength: 'Password must be at least 6 characters',
  tokenLength: 'Uh oh! Token must be 6 digits',
  emailInvalid: 'Uh oh! Email is invalid',
  loginFailed: 'Login failed! Invalid email and/or password.',
  lockout:
    'You have reached the maximum failed login attempts allowed within 30 minutes. You may reset your password to login, or wait until the lockout expires',
} as const;
