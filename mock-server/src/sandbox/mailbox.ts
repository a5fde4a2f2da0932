// The inbox an address reaches, for the per-address mail limit (issue 29 F8). Counted by spelling, plus tags and dots
// put 16 mails in one inbox in under a second. What a provider delivers to one inbox counts as one: the case of the
// whole address, a `+tag` after the local part (every large provider delivers those to the untagged box), and, at
// Gmail alone, the dots of the local part (it ignores them; googlemail.com is the same inbox).

const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function inboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
