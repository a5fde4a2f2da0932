import { describe, expect, it } from 'vitest';
import { DEFAULT_DESTINATION, destinationAfterSignIn, safeReturnPath } from './return-url.js';

const origin = 'http://127.0.0.1:5173';

describe('destinationAfterSignIn (§2)', () => {
  it('goes to /dash/redirect without a redirect', () => {
    expect(destinationAfterSignIn(null, origin)).toBe(DEFAULT_DESTINATION);
  });

  it('honours a same-host path with its query and hash', () => {
    expect(destinationAfterSignIn('/dash/team/1?tab=a#b', origin)).toBe('/dash/team/1?tab=a#b');
    expect(destinationAfterSignIn(`${origin}/dash/events`, origin)).toBe('/dash/events');
  });

  it("sends a bare '/' to /dash/redirect", () => {
    expect(destinationAfterSignIn('/', origin)).toBe('/dash/redirect');
    expect(destinationAfterSignIn(`${origin}/`, origin)).toBe('/dash/redirect');
  });

  it.each([
    'https://evil.example/dash',
    '//evil.example/dash',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'http://127.0.0.1:5173@evil.example/',
    'http://user:pass@127.0.0.1:5173/dash',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '/\tevil',
    '/app.login/login',
    'http://127.0.0.1:5174/dash',
  ])('ignores %j', (redirect) => {
    expect(safeReturnPath(redirect, origin)).toBeUndefined();
    expect(destinationAfterSignIn(redirect, origin)).toBe(DEFAULT_DESTINATION);
  });
});
