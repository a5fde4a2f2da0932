import { describe, expect, it } from 'vitest';
import { examplesOf, operation, operations, resolve } from './support/bundle.js';

// Issue 12 point 5: each operation's error answers say what that operation's error is. §8 gives /login's texts
// (invalid credentials, the 30-minute lockout) and the statuses the transport retries (502, 503, 504, 429).
const credentialCalls = ['auth.login', 'tokens.create', 'tokens.createTwoFactor'];
const needsToken = operations.filter((o) => o.security.every((alt) => 'AccessToken' in alt));
// Calls that take the API key alone (public signed URLs…): their 401 is about the key. The sign-in calls also take
// the key alone, but their 401 is about the credentials (checked below).
const keyOnly = operations.filter(
  (o) =>
    o.security.length > 0 &&
    o.security.every((alt) => Object.keys(alt).join() === 'ApiKey') &&
    !credentialCalls.includes(o.id),
);
const details = (id: string, code: string) => examplesOf(operation(id).op, code).map((v) => String(v.detail));

describe('401', () => {
  it.each(needsToken.map((o) => [o.id] as const))('%s says the access token is missing or expired', (id) => {
    const texts = details(id, '401');
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/access token is missing or has expired/);
  });

  it.each(keyOnly.map((o) => [o.id] as const))('%s declares a 401 about the API key', (id) => {
    const texts = details(id, '401');
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/X-Api-Key/);
  });

  it('says "Invalid email and/or password." only where e-mail and password are sent', () => {
    const saying = operations
      .filter((o) => (o.op.responses as Record<string, unknown>)['401'])
      .filter((o) => details(o.id, '401').some((t) => t.includes('Invalid email and/or password')))
      .map((o) => o.id);
    expect(saying.sort()).toEqual(credentialCalls);
  });
});

describe('429', () => {
  it('speaks of the 30-minute lockout on /login alone; everywhere else of rate limiting, with Retry-After', () => {
    for (const o of operations) {
      const response = resolve((o.op.responses as Record<string, unknown>)['429']);
      expect(Object.keys(response.headers as object), o.id).toContain('Retry-After');
      const text = `${response.description} ${details(o.id, '429').join(' ')}`;
      if (o.id === 'auth.login') {
        expect(details(o.id, '429')).toEqual([
          'You have reached the maximum failed login attempts allowed within 30 minutes. You may reset your password to login, or wait until the lockout expires',
        ]);
      } else {
        expect(text, o.id).not.toMatch(/30 minutes|lock/i);
        expect(text, o.id).toMatch(/rate limited|too many requests/i);
      }
    }
  });
});

describe('409', () => {
  const conflicts = operations.filter((o) => (o.op.responses as Record<string, unknown>)['409']);

  const VERBS = ['create', 'update', 'delete', 'get', 'restore', 'archive', 'permanent', 'remove', 'set', 'resend'];

  // A word of the operation's own resource (from its path or operationId) must appear in its conflict, so a
  // subscription's 409 cannot say "e-mail taken".
  const words = (o: (typeof operations)[number]) =>
    `${o.path} ${o.id}`
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z]+/)
      .map((w) => w.replace(/s$/, ''))
      .filter((w) => w.length > 2 && !VERBS.includes(w));

  it.each(conflicts.map((o) => [o.id, o] as const))('%s names its own conflict', (id, o) => {
    const texts = details(id, '409');
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      if (id === 'users.create') {
        // §8: the sign-up dialog's own words.
        expect(text).toBe('Could not complete sign-up. Please verify your details or try logging in.');
      } else {
        expect(text).not.toMatch(/sign-up/i);
        const plain = text.toLowerCase().replaceAll('-', '');
        // A word's stem (invite → invitation); a file system object is a file or folder to its reader.
        const stems = words(o).flatMap((w) => (w === 'object' ? ['file', 'folder'] : [w.slice(0, 5)]));
        expect(
          stems.some((w) => plain.includes(w)),
          `${text} (words: ${words(o)})`,
        ).toBe(true);
      }
    }
  });
});

describe('5xx', () => {
  it('does not call a 500 retryable (§8 retries 502, 503, 504 and 429 only)', () => {
    for (const o of operations) {
      const response = resolve((o.op.responses as Record<string, unknown>)['500']);
      const text = `${response.description} ${details(o.id, '500').join(' ')}`;
      expect(text, o.id).not.toMatch(/\bmay be retried|try again/i);
    }
  });

  it('declares 502, 503 and 504 on every operation, so the types name every status the transport retries', () => {
    for (const o of operations) {
      const codes = Object.keys(o.op.responses as object);
      expect(codes, o.id).toEqual(expect.arrayContaining(['502', '503', '504']));
    }
  });
});
