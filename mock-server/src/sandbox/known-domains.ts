import { createRequire } from 'node:module';
import { domainToASCII } from 'node:url';

// §5: "top-level domains from the standard list plus 'mail'" — the list the sign-in app loads (the `tlds` package),
// in the ASCII form an address carries (`рф` is `xn--p1ai`). The description's patterns state the syntax and say the
// list in words; these checks are the rest of the rule, so the sandbox refuses what the app refuses.
const list: string[] = createRequire(import.meta.url)('tlds');
const KNOWN = new Set([...list.map((tld) => domainToASCII(tld) || tld), 'mail']);
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
