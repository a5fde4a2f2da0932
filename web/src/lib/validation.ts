import * as v from 'valibot';
import { messages } from './messages.js';
import { TEAM_TITLE_MAX } from './sign-up.js';
import { isKnownTld, isListedTld } from './tld-list.js';

/**
 * Every §5 rule as a small valibot schema; the texts come from `messages.ts`, read when a value is judged (so in
 * the visitor's language). Schemas judge the value they are given;
 * forms trim where §5 says so (names, company, e-mail) before they validate and send.
 */

/** §5: the symbols a sign-up, invite or reset password may use (and must use one of). */
export const PASSWORD_SYMBOLS = '~`!@#$%^&*()-_=+[{]}\\|;:\'",<.>/?';
const FORBIDDEN_NAME_CHARS = /[$<>;]/;
// §5 "not a URL": what a visitor would call a link. A scheme (`ftp://`) or `www.` (the description's PersonName
// pattern), or a domain name whose last label is a top-level domain on the list (`example.com`, `a.mail`), which the
// description says in words: `St.John` and `Mary.Ann` are names, as no such top-level domain exists.
const SCHEME_OR_WWW = /:\/\/|[wW]{3}\./;
const DOMAIN_ENDINGS = /[A-Za-z0-9-]\.([A-Za-z]{2,63}|[xX][nN]--[A-Za-z0-9-]{1,59})(?![A-Za-z0-9-])/g;
/** Holds a domain name ending in a listed top-level domain: the part of "not a URL" the description says in words. */
export const hasListedDomain = (value: string) =>
  [...value.matchAll(DOMAIN_ENDINGS)].some(([, tld = '']) => isListedTld(tld));
const isLink = (value: string) => SCHEME_OR_WWW.test(value) || hasListedDomain(value);

const hasSymbol = (value: string) => [...value].some((char) => PASSWORD_SYMBOLS.includes(char));
const length = (value: string) => [...value].length;

// RFC 5322's unquoted local part is a dot-atom: rfcEmail() alone lets a dot lead it, end it or come twice.
const DOT_ATOM_BROKEN = /^\.|\.\.|\.$/;
const localPart = (value: string) => value.slice(0, value.lastIndexOf('@'));
const domainPart = (value: string) => value.slice(value.lastIndexOf('@') + 1);

/**
 * §5 e-mail, with the message each screen uses (README.md, "Decisions"): any RFC 5321/5322 address without quotes
 * or an IP literal (valibot's `rfcEmail`), at most 254 characters, whose domain ends in a top-level domain from the
 * standard list or `mail`. The description's `Email` pattern states all of it but the list, which it says in words.
 */
export function emailRule(message: () => string) {
  return v.pipe(
    v.string(),
    v.nonEmpty(message),
    v.maxLength(254, message),
    v.rfcEmail(message),
    v.check((value) => !DOT_ATOM_BROKEN.test(localPart(value)), message),
    v.check((value) => {
      const domain = domainPart(value);
      return domain.includes('.') && isKnownTld(domain.slice(domain.lastIndexOf('.') + 1));
    }, message),
  );
}

/** Sign-in and sign-up. */
export const emailSchema = emailRule(() => messages.emailInvalid);
/** SSO and the invite resend form. */
export const shortEmailSchema = emailRule(() => messages.emailInvalidShort);
/** The forgot page, which trims what was typed. */
export const forgotEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  emailRule(() => messages.forgotEmailInvalid),
);

/** §5 login password: required, 6 to 32 characters inclusive. */
export const loginPasswordSchema = v.pipe(
  v.string(),
  // Counted in characters (code points), as the description's minLength/maxLength count them.
  v.check(
    (value) => length(value) >= 6 && length(value) <= 32,
    () => messages.loginPasswordLength,
  ),
);

/** §5 login token: exactly 6 digits. */
export const tokenSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9]{6}$/, () => messages.tokenLength),
);

/** §5 password (sign-up, invite, reset): each rule the tooltip ticks or crosses, in its order. */
export const passwordRules = [
  {
    id: 'length',
    label: () => messages.ruleLength,
    test: (value: string) => length(value) >= 12 && length(value) <= 32,
  },
  { id: 'lower', label: () => messages.ruleLower, test: (value: string) => /[a-z]/.test(value) },
  { id: 'upper', label: () => messages.ruleUpper, test: (value: string) => /[A-Z]/.test(value) },
  { id: 'symbol', label: () => messages.ruleSymbol(PASSWORD_SYMBOLS), test: hasSymbol },
  { id: 'number', label: () => messages.ruleNumber, test: (value: string) => /[0-9]/.test(value) },
] as const;

export const newPasswordSchema = v.pipe(
  v.string(),
  v.check(
    (value) => passwordRules.every((rule) => rule.test(value)),
    () => messages.passwordInvalid,
  ),
);

/** §5 shared: confirm password equals password. */
export function confirmPasswordSchema(password: string) {
  return v.pipe(
    v.string(),
    v.check(
      (value) => value === password,
      () => messages.passwordsDiffer,
    ),
  );
}

/** §5 first and last name. */
export const nameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(() => messages.nameRequired),
  v.check(
    (value) => length(value) >= 2 && length(value) <= 50,
    () => messages.nameLength,
  ),
  v.check(
    (value) => !FORBIDDEN_NAME_CHARS.test(value),
    () => messages.illegalCharacters,
  ),
  v.check(
    (value) => !isLink(value),
    () => messages.nameIsLink,
  ),
);

/** §5 full name: two space-separated parts, each a valid name. */
export const fullNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(() => messages.nameRequired),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const parts = dataset.value.split(' ');
    if (parts.length !== 2) {
      addIssue({ message: messages.fullNameParts });
      return;
    }
    for (const part of parts) {
      const issue = firstIssue(nameSchema, part);
      if (issue) {
        addIssue({ message: issue });
        return;
      }
    }
  }),
);

/** §5 company name: required, 2 to 32 characters, none of $ < > ;. */
export const companySchema = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (value) => length(value) >= 2 && length(value) <= 32,
    () => messages.companyLength,
  ),
  v.check(
    (value) => !FORBIDDEN_NAME_CHARS.test(value),
    () => messages.illegalCharacters,
  ),
);

function lengthRule(min: number, max: number) {
  const message = () => messages.lengthRange(min, max);
  return v.pipe(
    v.string(),
    v.check((value) => length(value) >= min && length(value) <= max, message),
  );
}

/** §5 shared validators. */
export const titleSchema = lengthRule(2, 64);
export const descriptionSchema = lengthRule(2, 200);
export const generalNameSchema = lengthRule(2, 64);
export const teamNameSchema = lengthRule(2, 32);
export const heardAboutSchema = lengthRule(2, 300);
/** §5 team title (the other rule set): more than 1 and at most 100 characters. */
export const teamTitleSchema = lengthRule(2, TEAM_TITLE_MAX);

/** §5 phone: after stripping dashes, plus, parentheses and spaces, 4 to 15 digits. */
export const phoneSchema = v.pipe(
  v.string(),
  v.check(
    // At most 32 characters as typed, as the description's LeadPhone allows.
    (value) => length(value) <= 32 && /^[0-9]{4,15}$/.test(value.replace(/[-+() ]/g, '')),
    () => messages.phoneInvalid,
  ),
);

/** §5 credit card form. */
export const cardNumberSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9]{13,16}$/, () => messages.cardNumberInvalid),
);
export const cardNameSchema = lengthRule(2, 64);
export const cardExpirationSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9]{2}\/[0-9]{2}$/, () => messages.cardExpirationInvalid),
);
export const cardCvcSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9]{3}$/, () => messages.cardCvcInvalid),
);
export const cardZipSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9]{5}$/, () => messages.cardZipInvalid),
);

/** The first message a value breaks, or undefined when it passes. */
export function firstIssue(schema: v.GenericSchema<string, string>, value: string): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
}
