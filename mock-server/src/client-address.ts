import { BlockList, isIP } from 'node:net';

// Who a call is from, for the sandbox's per-client limits (issue 29 F1). Behind the deployed chain (nginx → host →
// mock) each hop appends the address it saw, so the last `X-Forwarded-For` entry is nginx, not the visitor: counting
// by it made every visitor one client. As nginx's `real_ip_recursive` and Express's `trust proxy` do, the chain is
// walked from the right past every address the deployment trusts as its own proxy; the first one it does not trust
// is the client. A chain made only of trusted addresses (a visitor on this machine) gives its leftmost address.

/** An IPv4 peer on a dual-stack socket (`::ffff:127.0.0.1`) as IPv4, so one address has one spelling. */
export const plainAddress = (address: string) =>
  address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;

export const isLoopback = (address: string) => {
  const plain = plainAddress(address);
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
};

/**
 * A check for "this address is one of our proxies": loopback always (the host and nginx on the mock's machine), and
 * each entry of `list`, an address or a CIDR block (`10.0.0.0/8`, `fd00::/8`), comma-separated. A malformed entry
 * throws: a proxy list that silently trusts less than it says would count a whole site as one client again.
 */
export function trustedProxies(list = ''): (address: string) => boolean {
  const blocks = new BlockList();
  for (const entry of list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
    if (!family || rest.length || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`not an address or CIDR block: ${entry}`);
    }
    blocks.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return (address: string) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return isLoopback(plain) || (family !== 0 && blocks.check(plain, family === 4 ? 'ipv4' : 'ipv6'));
  };
}

/**
 * The client of a call that came from `peer` carrying `forwardedFor`: the peer itself unless it is trusted; else the
 * nearest entry of the chain that is not trusted. An entry that is not an address stops the walk (left of it is the
 * visitor's own text), and the hop that passed it on is the client.
 */
export function clientAddress(
  peer: string,
  forwardedFor: string | readonly string[] | undefined,
  trusted: (address: string) => boolean,
): string {
  const chain = (typeof forwardedFor === 'string' ? forwardedFor : (forwardedFor ?? []).join(','))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  let client = plainAddress(peer);
  while (trusted(client)) {
    const next = chain.pop();
    if (next === undefined || !isIP(next)) break;
    client = plainAddress(next);
  }
  return client;
}
