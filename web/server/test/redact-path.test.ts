import { describe, expect, it } from 'vitest';
import { redactPath } from '../src/redact-path.js';

describe('redactPath', () => {
  it.each([
    ['/app.login/RESET/reset-token-1', '/app.login/RESET/[redacted]'],
    ['/app.login/reset/reset-token-1?email=a%40b.co', '/app.login/reset/[redacted]?email=a%40b.co'],
    ['/app.login//verify/v-1/', '/app.login//verify/[redacted]/'],
    ['/app.login/signup/invited/inv-1?email=a', '/app.login/signup/invited/[redacted]?email=a'],
    ['/app.login/login?accessToken=abc&page=2', '/app.login/login?accessToken=[redacted]&page=2'],
    ['/api/teams.create?guestPass=g1', '/api/teams.create?guestPass=[redacted]'],
    [
      '/x?passwordRecoveryToken=r1&captcha=c1&api-key=k1&API_KEY=k2&page=2',
      '/x?passwordRecoveryToken=[redacted]&captcha=[redacted]&api-key=[redacted]&API_KEY=[redacted]&page=2',
    ],
    ['/app.login/login?redirect=%2Fdash&token', '/app.login/login?redirect=%2Fdash&token'],
    ['/app.login/login', '/app.login/login'],
    // The host decodes and resolves a path before it matches a page: so must the log, or the token is written.
    ['/app.login/%72eset/reset-token-2', '/app.login/reset/[redacted]'],
    ['/app.login/x/../Verify/v-2?email=a', '/app.login/Verify/[redacted]?email=a'],
    ['/app.login/signup/%69nvited/inv-2', '/app.login/signup/invited/[redacted]'],
  ])('%s → %s', (path, shown) => {
    expect(redactPath(path)).toBe(shown);
  });

  // Issue 20 point 10: one expression over the whole query backtracked on a long parameter name, so the time grew
  // with the square of the length (15 KB: 38 ms; 60 such requests stalled the site 2.3 s). Compared by ratio, 1 KB
  // against 64 KB, so a busy machine slows both alike: linear is 64 times, quadratic about 4,000 times.
  it.each([
    ['a long name with no value', (n: number) => `/app.login/login?${'a'.repeat(n)}`],
    ['a long name of secret words', (n: number) => `/app.login/login?${'pass'.repeat(n / 4)}`],
    ['many separators', (n: number) => `/app.login/login?${'&a'.repeat(n / 2)}`],
    ['a long token page', (n: number) => `/app.login/reset/${'t'.repeat(n)}`],
  ])('costs in proportion to the length: %s', (_, target) => {
    const small = target(1024);
    const large = target(64 * 1024);
    const timeOf = (text: string, runs: number) => {
      const times: number[] = [];
      for (let round = 0; round < 5; round++) {
        const started = performance.now();
        for (let i = 0; i < runs; i++) redactPath(text);
        times.push((performance.now() - started) / runs);
      }
      return times.sort((a, b) => a - b)[2] ?? 0;
    };
    timeOf(large, 1); // warm up
    const ratio = timeOf(large, 4) / timeOf(small, 256);
    expect(ratio).toBeLessThan(400);
  });
});
