import { describe, expect, it } from 'vitest';
import { ssoLoginPath } from './sso-domain.js';

describe('ssoLoginPath (§2)', () => {
  it('takes the part after the at-sign', () => {
    expect(ssoLoginPath('ada@engines.example.com')).toBe('/sso/login/engines.example.com');
    expect(ssoLoginPath('  Ada@Engines.Example.COM ')).toBe('/sso/login/engines.example.com');
  });
});
