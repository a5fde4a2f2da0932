import { describe, expect, it } from 'vitest';
import { carriedEmail, withEmail } from './carry-email.js';

describe('the address carried between pages (issue 34)', () => {
  it('adds the typed address to a path, keeping its query, and reads it back', () => {
    expect(withEmail('/app.login/forgot', ' ada+x@example.com ')).toBe('/app.login/forgot?email=ada%2Bx%40example.com');
    expect(withEmail('/login?redirect=%2Fdash', 'ada@example.com')).toBe(
      '/login?redirect=%2Fdash&email=ada%40example.com',
    );
    expect(carriedEmail('?email=ada%2Bx%40example.com')).toBe('ada+x@example.com');
  });

  it('leaves the path alone when nothing was typed', () => {
    expect(withEmail('/login/sso', '  ')).toBe('/login/sso');
    expect(carriedEmail('')).toBe('');
  });
});
