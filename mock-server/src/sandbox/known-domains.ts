import list from 'tlds' with { type: 'json' };

// §5: "top-level domains from the standard list plus 'mail'" — the list the sign-in app loads (the `tlds` package),
// in the ASCII form an address carries (`рф` is `xn--p1ai`). The description's patterns state the syntax and say the
// list in words; these checks are the rest of the rule, so the sandbox refuses what the app refuses.
// The WHATWG URL parser's host step is IDNA's ToASCII (what `node:url`'s domainToASCII runs), in a browser too.
const ascii = (tld: string) => {
  try {
    return new URL(`http://${tld}`).hostname;
  } catch {
    return tld;
  }
};
const KNOWN = new Set([...list.map(ascii), 'mail']);
const DOMAIN_ENDINGS = /[A-Za-z0-9-]\.([A-Za-z]{2,63}|[xX][nN]--[A-Za-z0-9-]{1,59})(?![A-Za-z0-9-])/g;

const listed = (tld: string) => KNOWN.has(tld.toLowerCase());

/** §5 e-mail: the address's domain ends in a listed top-level domain (the description's pattern checked the rest). */
export function emailDomainIssue(email: string): string | undefined {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return domain.includes('.') && listed(domain.slice(domain.lastIndexOf('.') + 1))
    ? undefined
    : 'The e-mail address must end in a top-level domain from the standard list, or mail.';
}

/** §5 name "not a URL": no domain name ending in a listed top-level domain (`St.John` is a name, `x.com` a link). */
export function nameLinkIssue(name: string): string | undefined {
  return [...name.matchAll(DOMAIN_ENDINGS)].some(([, tld = '']) => listed(tld)) ? 'Uh oh! Cannot be a link' : undefined;
}
