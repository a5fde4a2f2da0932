import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailSchema, firstIssue, loginPasswordSchema, tokenSchema } from './validation.js';

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
      fc.property(fc.string({ maxLength: 8 }), (value) => {
        expect(firstIssue(tokenSchema, value) === undefined).toBe(/^[0-9]{6}$/.test(value));
      }),
    );
  });
});

describe('email', () => {
  it.each(['ada@example.com', 'first.last+tag@sub.example.co.uk'])('accepts %s', (value) => {
    expect(firstIssue(emailSchema, value)).toBeUndefined();
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada example@example.com'])('rejects %j', (value) => {
    expect(firstIssue(emailSchema, value)).toBe('Uh oh! Email is invalid');
  });
});
