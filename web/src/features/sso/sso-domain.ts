/** §2: the SSO sign-in path for an address, the domain being the part after the at-sign. */
export function ssoLoginPath(email: string): string {
  const domain = email
    .trim()
    .slice(email.trim().lastIndexOf('@') + 1)
    .toLowerCase();
  return `/sso/login/${encodeURIComponent(domain)}`;
}
