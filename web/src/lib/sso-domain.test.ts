import { describe, expect, it } from 'vitest';
import { emailDomain, ssoLoginPath } from './sso-domain.js';

describe('ssoLoginPath (§2)', () => {
  it('takes the part after the at-sign', () => {
    expect(ssoLoginPath('ada@engines.example.com')).toBe('/sso/login/engines.example.com');
    expect(ssoLoginPath('  Ada@Engines.Example.COM ')).toBe('/sso/login/engines.example.com');
  });
});

describe('emailDomain', () => {
  it('gives the domain the SSO lookup may ask about, or nothing', () => {
    expect(emailDomain(' Ada@Engines.Example.COM ')).toBe('engines.example.com');
    expect(emailDomain('ada@localhost')).toBeUndefined();
    expect(emailDomain('ada@exa_mple.com')).toBeUndefined();
    expect(emailDomain('example.com')).toBeUndefined();
  });
});
