import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browserTimeZone, defaultTeamName, emailInInviteToken, readPrefill } from './sign-up.js';

describe('defaultTeamName (§5)', () => {
  it("is '{first} {last}'s Team'", () => {
    expect(defaultTeamName('Ada', 'Lovelace')).toBe("Ada Lovelace's Team");
    expect(defaultTeamName(' Ada ', ' Lovelace ')).toBe("Ada Lovelace's Team");
  });
});

describe('readPrefill (§2)', () => {
  it('reads all four, turns a space in the email back into a plus, and treats the user as verified', () => {
    const prefill = readPrefill('?firstName=Ada&lastName=Lovelace&company=Engines&email=ada+work@example.com');
    expect(prefill).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Engines',
      email: 'ada+work@example.com',
      emailLocked: true,
      verified: true,
    });
  });

  it('locks a prefilled email but does not verify a partial prefill', () => {
    const prefill = readPrefill('?email=ada%40example.com&firstName=Ada');
    expect(prefill.emailLocked).toBe(true);
    expect(prefill.verified).toBe(false);
  });

  it('leaves the form open without a query', () => {
    expect(readPrefill('')).toMatchObject({ email: '', emailLocked: false, verified: false });
  });
});

describe('emailInInviteToken (§2)', () => {
  const token = (payload: unknown) =>
    `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

  it('reads the email from the payload', () => {
    expect(emailInInviteToken(token({ email: 'ada@example.com' }))).toBe('ada@example.com');
  });

  it.each(['', 'not-a-token', 'a.!!!.c', token({ mail: 'x' }), token({ email: 3 })])(
    'gives nothing for %j',
    (value) => {
      expect(emailInInviteToken(value)).toBeUndefined();
    },
  );

  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(() => emailInInviteToken(value)).not.toThrow();
      }),
    );
  });
});

describe('browserTimeZone (§3)', () => {
  it('names an IANA zone', () => {
    expect(browserTimeZone()).toMatch(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/);
  });
});
