/** The description's SsoDomain pattern (`GET /ssoconfig/{domain}`): a domain it refuses is never asked about. */
const DOMAIN = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** The part of an address after the at-sign, lower case; undefined when it is no domain the API would look up. */
export function emailDomain(email: string): string | undefined {
  const address = email.trim();
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return address.includes('@') && DOMAIN.test(domain) ? domain : undefined;
}

/** §2: the SSO sign-in path for an address, the domain being the part after the at-sign. */
export function ssoLoginPath(email: string): string {
  const domain = email
    .trim()
    .slice(email.trim().lastIndexOf('@') + 1)
    .toLowerCase();
  return `/sso/login/${encodeURIComponent(domain)}`;
}
