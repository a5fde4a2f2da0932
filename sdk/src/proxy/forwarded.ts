// X-Forwarded-For, -Proto and -Host on the direct call, so the API sees who is calling (its rate limits and audit
// logs key on the address) and where the visitor came in. A caller can write any X-Forwarded-* it likes: they are
// believed only when `trustProxy` says a reverse proxy the site runs (nginx, a load balancer) sits in front and sets
// them; otherwise the chain starts afresh with the address the connection came from. X-Forwarded-Host is sent only
// as such a proxy gives it, never from the caller's own Host: an API that builds links from it (a reset mail's) would
// otherwise send a victim's token to any host a script names.

/** Entries kept from a trusted chain, the nearest ones: enough for any real path, bounded for a forged one. */
const MAX_HOPS = 10;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 = /^(?=.*:)[0-9A-Fa-f:.]{2,45}$/;
/** A host and an optional port (RFC 9110 §7.2), never a list or a path. */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

const isAddress = (value: string) => IPV4.test(value) || IPV6.test(value);

/** A socket's peer as an address: an IPv4 caller on a dual-stack socket is shown as IPv4. */
function peerAddress(peer: string | undefined): string | undefined {
  if (peer === undefined) return undefined;
  const address = peer.startsWith('::ffff:') && IPV4.test(peer.slice(7)) ? peer.slice(7) : peer;
  return isAddress(address) ? address : undefined;
}

/**
 * The nearest well-formed stretch of a chain: a front proxy appends to whatever the visitor sent, so anything from
 * the last entry that is no address leftwards is the visitor's own text and is dropped.
 */
function trustedChain(value: string | null): string[] {
  if (value === null) return [];
  const entries = value.split(',').map((entry) => entry.trim());
  const kept: string[] = [];
  for (let i = entries.length - 1; i >= 0 && kept.length < MAX_HOPS; i--) {
    const entry = entries[i] ?? '';
    if (!isAddress(entry)) break;
    kept.unshift(entry);
  }
  return kept;
}

export interface ForwardedFrom {
  /** The address the connection came from, when the entry knows it. */
  peer?: string | undefined;
  /** `http` or `https`, as the call reached this server. */
  scheme: string;
  header(name: string): string | null;
}

/**
 * The X-Forwarded-* headers of the direct call. Trusted: the incoming chain (its well-formed nearest stretch) with
 * the peer appended, and the incoming proto and host when well-formed. Untrusted (the default): the peer alone and
 * this server's own scheme. Without a known peer and without trust, no X-Forwarded-For.
 */
export function forwardedHeaders(from: ForwardedFrom, trusted: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const chain = trusted ? trustedChain(from.header('x-forwarded-for')) : [];
  const peer = peerAddress(from.peer);
  if (peer !== undefined) chain.push(peer);
  if (chain.length) headers['x-forwarded-for'] = chain.slice(-MAX_HOPS).join(', ');
  const proto = trusted ? from.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() : undefined;
  headers['x-forwarded-proto'] = proto === 'http' || proto === 'https' ? proto : from.scheme;
  const host = trusted ? from.header('x-forwarded-host')?.trim() : undefined;
  if (host !== undefined && HOST.test(host)) headers['x-forwarded-host'] = host;
  return headers;
}
