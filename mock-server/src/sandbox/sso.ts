import type { components } from '@runofshow/sdk';
import type { Answer } from './sandbox.js';

type SsoConfig = components['schemas']['SsoConfig'];

/**
 * The sandbox's company domains with single sign-on (issue 34): what /login offers "Continue with SSO" for, and
 * what /login/sso lets through to /sso/login/{domain}. Every other domain has none (404), so the seeded accounts at
 * example.com sign in with a password; `SSO_FAILING_DOMAIN` answers 500, a lookup that fails.
 */
export const seedSsoConfigs: readonly (SsoConfig & { note: string })[] = [
  {
    domain: 'sso.example.com',
    emailMatchers: ['*@sso.example.com'],
    provider: 'saml',
    note: 'SAML; the development site stands in for its identity provider (/dash/redirect)',
  },
  {
    domain: 'engines.example.com',
    emailMatchers: ['*@engines.example.com', '*@*.engines.example.com'],
    provider: 'oidc',
    note: 'OpenID Connect, sub-domains included in its matchers',
  },
];

export const SSO_FAILING_DOMAIN = 'broken-sso.example.com';

/** `*` is any run of characters; everything else is itself, case aside. */
const matcher = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'i',
  );

const publicPart = ({ domain, emailMatchers, provider }: SsoConfig): SsoConfig => ({
  domain,
  emailMatchers: [...emailMatchers],
  ...(provider ? { provider } : {}),
});

/** GET /ssoconfig/{domain}: the public part of the domain's configuration, 404 without one. */
export function ssoByDomain(domain: string): Answer {
  const wanted = domain.toLowerCase();
  if (wanted === SSO_FAILING_DOMAIN) {
    return {
      status: 500,
      body: {
        type: 'https://errors.runofshow.dev/server-error',
        title: 'Server error',
        status: 500,
        detail: 'The SSO directory is out of order (sandbox).',
      },
    };
  }
  const found = seedSsoConfigs.find((config) => config.domain === wanted);
  if (found) return { status: 200, body: publicPart(found) };
  return {
    status: 404,
    body: {
      type: 'https://errors.runofshow.dev/not-found',
      title: 'Not found',
      status: 404,
      detail: 'No single sign-on is configured for this domain.',
    },
  };
}

/** GET /ssoconfig/emailMatchers: every configuration, or those whose matchers take `email`. */
export function ssoEmailMatchers(email: string | null): Answer {
  const configs = email
    ? seedSsoConfigs.filter((config) => config.emailMatchers.some((pattern) => matcher(pattern).test(email)))
    : seedSsoConfigs;
  return { status: 200, body: configs.map(publicPart) };
}
