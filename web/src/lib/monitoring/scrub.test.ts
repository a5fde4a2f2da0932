import { describe, expect, it } from 'vitest';
import { scrub, scrubbedJson } from './scrub.js';

describe('scrub: no personal data leaves with a report (§9)', () => {
  it.each([
    ['Failed for ada@example.com', 'Failed for [email]'],
    ['/app.login/forgot?email=ada%40example.com', '/app.login/forgot?email='],
    ['mail ada%2Bwork%40example.co.uk now', 'mail [email] now'],
    ['ADA.Lovelace+x@Engines.example.com.', '[email].'],
    ['/app.login/reset/3f9a8c7e2b1d?email=ada%40example.com', '/app.login/reset/:token?email='],
    ['https://site.test/app.login/verify/9c2e4f6a8b0d#top', 'https://site.test/app.login/verify/:token#top'],
    ['/app.login/signup/invited/eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImEifQ.c2ln', '/app.login/signup/invited/:token'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImEifQ.c2ln expired', 'token [token] expired'],
    ['GET https://api.test/users?access_token=abc&x=1 failed', 'GET https://api.test/users?access_token=&x= failed'],
  ])('%j → %j', (text, expected) => {
    expect(scrub(text)).toBe(expected);
  });

  it('keeps what holds nothing personal: routes, metric names, stack frames, CSS at-rules', () => {
    for (const text of [
      '/app.login/login',
      '/app.login/reset',
      'LCP',
      'at t (http://127.0.0.1:5370/app.login/assets/index-DJZR6eyB.js:1:2345)',
      '@media (prefers-color-scheme: dark){body{color:#fff}}',
    ]) {
      expect(scrub(text)).toBe(text);
    }
  });

  it('replaces the exact secrets it is given, and ignores ones too short to be any', () => {
    expect(scrub('key development-api-key in a', ['development-api-key', 'a'])).toBe('key [secret] in a');
    expect(scrub('typed Correct-Horse-9!', ['Correct-Horse-9'])).toBe('typed [secret]!');
  });

  it('scrubs every string of a report, however deep, and leaves its numbers and keys', () => {
    const report = {
      at: 12,
      route: '/app.login/verify/abc',
      replay: [{ node: { attributes: { href: '?email=a@b.co' } } }],
    };
    expect(JSON.parse(scrubbedJson(report, []))).toEqual({
      at: 12,
      route: '/app.login/verify/:token',
      replay: [{ node: { attributes: { href: '?email=' } } }],
    });
  });
});
