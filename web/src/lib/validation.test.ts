import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTlds } from './tld-list.js';
import {
  cardCvcSchema,
  cardExpirationSchema,
  cardNameSchema,
  cardNumberSchema,
  cardZipSchema,
  companySchema,
  confirmPasswordSchema,
  descriptionSchema,
  emailSchema,
  firstIssue,
  forgotEmailSchema,
  fullNameSchema,
  generalNameSchema,
  heardAboutSchema,
  loginPasswordSchema,
  nameSchema,
  newPasswordSchema,
  PASSWORD_SYMBOLS,
  passwordRules,
  phoneSchema,
  shortEmailSchema,
  teamNameSchema,
  teamTitleSchema,
  titleSchema,
  tokenSchema,
} from './validation.js';

beforeAll(() => loadTlds());

const chars = (alphabet: string, options: { minLength?: number; maxLength?: number } = {}) =>
  fc.string({ unit: fc.constantFrom(...alphabet), ...options });
const lower = 'abcdefghijklmnopqrstuvwxyz';
const upper = lower.toUpperCase();
const digits = '0123456789';

describe('login password (§5: required, 6 to 32)', () => {
  it.each([
    ['', 'Password must be at least 6 characters'],
    ['12345', 'Password must be at least 6 characters'],
    ['x'.repeat(33), 'Password must be at least 6 characters'],
  ])('rejects %j', (value, message) => {
    expect(firstIssue(loginPasswordSchema, value)).toBe(message);
  });

  it('accepts every length from 6 to 32 and nothing outside it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        const ok = value.length >= 6 && value.length <= 32;
        expect(firstIssue(loginPasswordSchema, value) === undefined).toBe(ok);
      }),
    );
  });
});

describe('login token (§5: exactly 6 digits)', () => {
  it('accepts six digits', () => {
    expect(firstIssue(tokenSchema, '123456')).toBeUndefined();
  });

  it.each(['12345', '1234567', '12345a', ' 123456', ''])('rejects %j with the §5 message', (value) => {
    expect(firstIssue(tokenSchema, value)).toBe('Uh oh! Token must be 6 digits');
  });

  it('accepts exactly the strings of six ASCII digits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 8 }), chars(digits, { maxLength: 8 })), (value) => {
        expect(firstIssue(tokenSchema, value) === undefined).toBe(/^[0-9]{6}$/.test(value));
      }),
    );
  });
});

describe('email (§5: valid address, standard TLDs plus mail)', () => {
  it.each([
    'ada@example.com',
    'first.last+tag@sub.example.co.uk',
    'ada@company.mail',
    'ada@example.MUSEUM',
    // Issue 28: RFC 5322 local parts the old `[\w+-]` rule refused.
    "o'brien@example.com",
    'a!#$%&*/=?^`{|}~z@example.com',
    'ada@xn--80ak6aa92e.xn--p1ai',
  ])('accepts %s', (value) => {
    expect(firstIssue(emailSchema, value)).toBeUndefined();
  });

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada example@example.com',
    'ada@example.notatld',
    'ada@example.c0m',
    `${'a'.repeat(250)}@example.com`,
    // A dot-atom: no leading, trailing or doubled dot; and a domain needs a top-level domain after a dot.
    '.ada@example.com',
    'ada.@example.com',
    'a..da@example.com',
    'ada@com',
    '"ada"@example.com',
  ])('rejects %j', (value) => {
    expect(firstIssue(emailSchema, value)).toBe('Uh oh! Email is invalid');
    expect(firstIssue(shortEmailSchema, value)).toBe('Uh oh! Invalid email');
  });

  it('says "Invalid email address" on the forgot page, where input is trimmed', () => {
    expect(firstIssue(forgotEmailSchema, 'nope')).toBe('Invalid email address');
    expect(firstIssue(forgotEmailSchema, '  ada@example.com  ')).toBeUndefined();
  });

  it('accepts a letters-only TLD exactly when the standard list (or "mail") has it', async () => {
    const { default: list } = await import('tlds');
    const known = new Set([...list, 'mail']);
    fc.assert(
      fc.property(chars(lower, { minLength: 2, maxLength: 6 }), (tld) => {
        expect(firstIssue(emailSchema, `ada@example.${tld}`) === undefined).toBe(known.has(tld));
      }),
    );
  });
});

describe('new password (§5: 12 to 32, lower, upper, symbol, digit)', () => {
  const valid = fc
    .tuple(
      chars(lower, { minLength: 1, maxLength: 8 }),
      chars(upper, { minLength: 1, maxLength: 8 }),
      chars(PASSWORD_SYMBOLS, { minLength: 1, maxLength: 8 }),
      chars(digits, { minLength: 1, maxLength: 8 }),
    )
    .map((parts) => parts.join(''))
    .filter((value) => value.length >= 12 && value.length <= 32);

  it('accepts a password with every class at every length from 12 to 32', () => {
    fc.assert(
      fc.property(valid, (value) => {
        expect(firstIssue(newPasswordSchema, value)).toBeUndefined();
      }),
    );
  });

  it('rejects a password missing any one class, with the §5 message', () => {
    const classes = [lower, upper, PASSWORD_SYMBOLS, digits];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 12, max: 32 }), (missing, size) => {
        const alphabet = classes.filter((_, index) => index !== missing).join('');
        const value = Array.from({ length: size }, (_, i) => alphabet[i % alphabet.length]).join('');
        expect(firstIssue(newPasswordSchema, value)).toBe('Uh oh! Password is invalid');
      }),
    );
  });

  it('rejects any length outside 12 to 32', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (size) => {
        const value = 'aA1!'.repeat(15).slice(0, size);
        const ok = size >= 12 && size <= 32;
        expect(firstIssue(newPasswordSchema, value) === undefined).toBe(ok);
      }),
    );
  });

  it('counts only the §5 symbols as symbols', () => {
    for (const symbol of ['€', 'é', ' ', '§']) {
      expect(firstIssue(newPasswordSchema, `Abcdefghij1${symbol}`)).toBe('Uh oh! Password is invalid');
    }
    for (const symbol of PASSWORD_SYMBOLS) {
      expect(firstIssue(newPasswordSchema, `Abcdefghij1${symbol}`)).toBeUndefined();
    }
  });

  it('ticks each tooltip rule on its own', () => {
    const states = (value: string) => passwordRules.map((rule) => rule.test(value));
    expect(states('')).toEqual([false, false, false, false, false]);
    expect(states('abc')).toEqual([false, true, false, false, false]);
    expect(states('Correct-Horse-9')).toEqual([true, true, true, true, true]);
  });

  it('compares a confirmation with the password', () => {
    expect(firstIssue(confirmPasswordSchema('Correct-Horse-9'), 'Correct-Horse-9')).toBeUndefined();
    expect(firstIssue(confirmPasswordSchema('Correct-Horse-9'), 'Correct-Horse-8')).toBe(
      'Uh oh! Passwords do not match',
    );
  });
});

describe('names (§5)', () => {
  it.each([
    ['', 'Uh oh! A name is required'],
    ['   ', 'Uh oh! A name is required'],
    ['A', 'Uh oh! Name requires 2 to 50 characters'],
    ['a'.repeat(51), 'Uh oh! Name requires 2 to 50 characters'],
    ['Ada$', 'Uh oh! Illegal characters detected'],
    ['<b>', 'Uh oh! Illegal characters detected'],
    ['Ada;', 'Uh oh! Illegal characters detected'],
    ['https://example.com', 'Uh oh! Cannot be a link'],
    ['www.example.com', 'Uh oh! Cannot be a link'],
    // Any scheme and a bare domain are links too (issue 12: these passed before).
    ['ftp://x.io', 'Uh oh! Cannot be a link'],
    ['example.com', 'Uh oh! Cannot be a link'],
    ['Ada x.io', 'Uh oh! Cannot be a link'],
    ['WWW.X', 'Uh oh! Cannot be a link'],
    ['Ada.mail', 'Uh oh! Cannot be a link'],
    ['site.Com', 'Uh oh! Cannot be a link'],
  ])('rejects %j', (value, message) => {
    expect(firstIssue(nameSchema, value)).toBe(message);
  });

  // Issue 28: a letter, a dot and two letters is a link only when they end in a top-level domain on the list.
  it.each(['Ada', "O'Brien", 'Jean-Luc', 'Mary Ann', 'J. R.', 'Zoë', 'Mary.Ann', 'St.John', 'Jo.Jr'])(
    'accepts %j',
    (value) => {
      expect(firstIssue(nameSchema, value)).toBeUndefined();
    },
  );

  it('accepts 2 to 50 characters without $ < > ; and says which rule any other value breaks', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'B', ' ', '-', "'", '$', '<', '>', ';'), maxLength: 55 }),
        (value) => {
          const trimmed = value.trim();
          const expected =
            trimmed === ''
              ? 'Uh oh! A name is required'
              : trimmed.length < 2 || trimmed.length > 50
                ? 'Uh oh! Name requires 2 to 50 characters'
                : /[$<>;]/.test(trimmed)
                  ? 'Uh oh! Illegal characters detected'
                  : undefined;
          expect(firstIssue(nameSchema, value)).toBe(expected);
        },
      ),
    );
  });

  it('takes a full name as two space-separated valid names', () => {
    expect(firstIssue(fullNameSchema, 'Ada Lovelace')).toBeUndefined();
    expect(firstIssue(fullNameSchema, 'Ada')).toBe('Uh oh! Enter a first and a last name');
    expect(firstIssue(fullNameSchema, 'Ada King Lovelace')).toBe('Uh oh! Enter a first and a last name');
    expect(firstIssue(fullNameSchema, 'Ada L')).toBe('Uh oh! Name requires 2 to 50 characters');
    expect(firstIssue(fullNameSchema, 'Ada Love$')).toBe('Uh oh! Illegal characters detected');
  });
});

describe('company name (§5: required, 2 to 32, no $ < > ;)', () => {
  it('accepts 2 to 32 allowed characters and rejects other lengths with the §5 message', () => {
    fc.assert(
      fc.property(chars('abcXYZ &.,-', { maxLength: 40 }), (value) => {
        const size = value.trim().length;
        expect(firstIssue(companySchema, value)).toBe(
          size >= 2 && size <= 32 ? undefined : 'Uh oh! 2 to 32 characters are required',
        );
      }),
    );
  });

  it('rejects the forbidden characters', () => {
    for (const char of '$<>;') {
      expect(firstIssue(companySchema, `Engines ${char}`)).toBe('Uh oh! Illegal characters detected');
    }
  });
});

describe('shared length rules (§5)', () => {
  it.each([
    ['title', titleSchema, 2, 64],
    ['description', descriptionSchema, 2, 200],
    ['general name', generalNameSchema, 2, 64],
    ['team name', teamNameSchema, 2, 32],
    ['heard-about', heardAboutSchema, 2, 300],
    ['team title', teamTitleSchema, 2, 100],
    ['card name', cardNameSchema, 2, 64],
  ] as const)('%s takes %d to %d characters', (_, schema, min, max) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: max + 10 }), (size) => {
        const issue = firstIssue(schema, 'x'.repeat(size));
        expect(issue).toBe(size >= min && size <= max ? undefined : `Uh oh! ${min} to ${max} characters are required`);
      }),
    );
  });
});

describe('phone (§5: strip - + ( ) and spaces, then 4 to 15 digits)', () => {
  it.each(['+1 (555) 123-4567', '5551234', '1234'])('accepts %j', (value) => {
    expect(firstIssue(phoneSchema, value)).toBeUndefined();
  });

  it('accepts exactly the values whose stripped form is 4 to 15 digits', () => {
    fc.assert(
      fc.property(chars('0123456789-+() x', { maxLength: 24 }), (value) => {
        const stripped = value.replace(/[-+() ]/g, '');
        expect(firstIssue(phoneSchema, value) === undefined).toBe(/^[0-9]{4,15}$/.test(stripped));
      }),
    );
  });
});

describe('credit card (§5)', () => {
  it('number: 13 to 16 digits', () => {
    fc.assert(
      fc.property(chars(`${digits}a `, { maxLength: 20 }), (value) => {
        expect(firstIssue(cardNumberSchema, value) === undefined).toBe(/^[0-9]{13,16}$/.test(value));
      }),
    );
  });

  it('expiration NN/NN, cvc 3 digits, zip 5 digits', () => {
    expect(firstIssue(cardExpirationSchema, '08/29')).toBeUndefined();
    expect(firstIssue(cardExpirationSchema, '8/29')).toBe('Uh oh! Expiration must look like 08/29');
    expect(firstIssue(cardCvcSchema, '123')).toBeUndefined();
    expect(firstIssue(cardCvcSchema, '1234')).toBe('Uh oh! CVC requires 3 digits');
    expect(firstIssue(cardZipSchema, '02139')).toBeUndefined();
    expect(firstIssue(cardZipSchema, '0213')).toBe('Uh oh! ZIP code requires 5 digits');
    fc.assert(
      fc.property(chars(`${digits}/`, { maxLength: 7 }), (value) => {
        expect(firstIssue(cardExpirationSchema, value) === undefined).toBe(/^\d\d\/\d\d$/.test(value));
      }),
    );
  });
});
