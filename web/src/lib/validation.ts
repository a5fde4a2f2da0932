import * as v from 'valibot';
import { messages } from './messages.js';

/** §5 e-mail: a valid address. */
export const emailSchema = v.pipe(v.string(), v.email(messages.emailInvalid));

/** §5 login password: required, 6 to 32 characters inclusive. */
export const loginPasswordSchema = v.pipe(
  v.string(),
  v.minLength(6, messages.loginPasswordLength),
  v.maxLength(32, messages.loginPasswordLength),
);

/** §5 login token: exactly 6 digits. */
export const tokenSchema = v.pipe(v.string(), v.regex(/^[0-9]{6}$/, messages.tokenLength));

/** The first message a value breaks, or undefined when it passes. */
export function firstIssue<S extends v.GenericSchema<string, string>>(schema: S, value: string): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
}
