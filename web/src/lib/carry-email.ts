/**
 * Issue 34 "nothing retyped": the address typed so far travels in the link to the next page of the way in (/forgot,
 * /login/sso, back to /login), which starts with it. `?email=` is the query /signup and /reset already read.
 */
export function withEmail(path: string, email: string): string {
  const address = email.trim();
  if (!address) return path;
  const [pathname, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set('email', address);
  return `${pathname}?${params}`;
}

/** The address a link carried here, or ''. */
export function carriedEmail(search: string): string {
  return new URLSearchParams(search).get('email')?.trim() ?? '';
}
