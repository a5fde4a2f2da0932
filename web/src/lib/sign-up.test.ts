import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  browserTimeZone,
  defaultTeamName,
  emailInInviteToken,
  readPrefill,
  TEAM_TITLE_MAX,
  teamTitle,
} from './sign-up.js';
import { firstIssue, nameSchema } from './validation.js';

const codePoints = (text: string) => [...text].length;

describe('defaultTeamName (§5)', () => {
  it("is '{first} {last}'s Team'", () => {
    expect(defaultTeamName('Ada', 'Lovelace')).toBe("Ada Lovelace's Team");
    expect(defaultTeamName(' Ada ', ' Lovelace ')).toBe("Ada Lovelace's Team");
  });

  it('keeps a full name that fits whole: 93 characters and the suffix make exactly 100', () => {
    const first = 'A'.repeat(46);
    const last = 'B'.repeat(46);
    expect(defaultTeamName(first, last)).toBe(`${first} ${last}'s Team`);
    expect(codePoints(defaultTeamName(first, last))).toBe(TEAM_TITLE_MAX);
  });

  it('cuts two 50-character names at a word boundary to fit the 100-character team title (§9)', () => {
    const first = 'Maximilliana Wilhelmina Augusta Charlotte Theodora';
    const last = 'Montgomery-Fitzgerald Worthington Ashby-Carrington';
    expect([first.length, last.length]).toEqual([50, 50]);
    expect(defaultTeamName(first, last)).toBe(
      "Maximilliana Wilhelmina Augusta Charlotte Theodora Montgomery-Fitzgerald Worthington's Team",
    );
  });

  it('keeps the first name whole when the last name has no space in it', () => {
    expect(defaultTeamName('C'.repeat(50), 'D'.repeat(50))).toBe(`${'C'.repeat(50)}'s Team`);
  });

  it('fits every pair of valid §5 names into 2 to 100 characters, first name whole, suffix kept', () => {
    const name = fc
      .array(fc.constantFrom('a', 'B', 'é', ' ', '-', "'", '𝒜'), { minLength: 2, maxLength: 50 })
      .map((chars) => chars.join(''))
      .filter((value) => firstIssue(nameSchema, value) === undefined);
    fc.assert(
      fc.property(name, name, (first, last) => {
        const title = defaultTeamName(first, last);
        expect(codePoints(title)).toBeGreaterThanOrEqual(2);
        expect(codePoints(title)).toBeLessThanOrEqual(TEAM_TITLE_MAX);
        expect(title.startsWith(first.trim())).toBe(true);
        expect(title.endsWith("'s Team")).toBe(true);
      }),
    );
  });
});

describe('teamTitle (§2, §7)', () => {
  it('is the company name when one is given, else the default', () => {
    expect(teamTitle(' Analytical Engines ', 'Ada', 'Lovelace')).toBe('Analytical Engines');
    expect(teamTitle('  ', 'Ada', 'Lovelace')).toBe("Ada Lovelace's Team");
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
