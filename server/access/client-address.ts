import { BlockList, isIP } from 'node:net';

/** `1.2.3.4`, `1.2.3.4:5678`, `::1`, `[::1]` or `[::1]:5678` as a bare address; null if none. */
function bareAddress(entry: string): string | null {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(entry);
  const address = bracketed?.[1] ?? withPort?.[1] ?? entry;
  return isIP(address) ? address : null;
}

/**
 * The client behind `hops` trusted reverse proxies. Each proxy appends the address it was
 * reached from to X-Forwarded-For, so the client is the hops-th entry from the right: entries
 * further left were written by the client itself, and anyone can write those. Without trusted
 * hops, or when the header does not hold an address where one is due, the socket's address.
 */
export function forwardedClient(
  socketAddress: string,
  forwardedFor: string | undefined,
  hops: number,
): string {
  if (hops < 1 || !forwardedFor) return socketAddress;
  const chain = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!chain.length) return socketAddress;
  return bareAddress(chain[Math.max(0, chain.length - hops)]!) ?? socketAddress;
}

/** An IPv4 address seen through an IPv6 socket (`::ffff:1.2.3.4`) as the IPv4 address. */
const unmapped = (address: string) =>
  /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;

/** `10.0.0.5`, `10.1.0.0/16`, `fd00::1` or `fd00::/8`: whether it names an address or a range. */
export function isProxyEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The proxies to trust, by address or range (entries checked with isProxyEntry). */
export function trustedProxies(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

const isTrusted = (proxies: BlockList, address: string) => {
  const bare = unmapped(address.replace(/%.*$/, ''));
  const family = isIP(bare);
  return family !== 0 && proxies.check(bare, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * The client behind the named proxies. X-Forwarded-For is read only from a connection that
 * comes from one of them; its entries are then taken from the right, passing over the proxies'
 * own addresses, and the first that is not one is the client. What a client reaching the
 * gateway directly writes there is never read.
 */
export function clientBehindProxies(
  socketAddress: string,
  forwardedFor: string | undefined,
  proxies: BlockList,
): string {
  if (!forwardedFor || !isTrusted(proxies, socketAddress)) return socketAddress;
  const chain = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  let client = socketAddress;
  for (const entry of chain.reverse()) {
    const address = bareAddress(entry);
    // An entry that is no address: nothing further left can be trusted either.
    if (!address) return client;
    client = address;
    if (!isTrusted(proxies, address)) return address;
  }
  return client;
}

/** The first four groups of an IPv6 address, expanded (`2001:db8:0:1`). */
function prefix64(address: string): string {
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const groups = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!group.includes('.')) return [group];
      // An embedded IPv4 address (`::ffff:1.2.3.4`) is the last two groups.
      const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const start = groups(head);
  const end = groups(tail);
  const all =
    tail === undefined
      ? start
      : [...start, ...Array(8 - start.length - end.length).fill('0'), ...end];
  return all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':');
}

/**
 * What failures are counted under: the address, except that an IPv6 client is its /64 (one
 * household or host is given a whole /64, and could otherwise try from 2^64 addresses), and an
 * IPv4 address seen through an IPv6 socket (`::ffff:1.2.3.4`) is the IPv4 address.
 */
export function limitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address.replace(/%.*$/, '')) !== 6) return address;
  return `${prefix64(address)}::/64`;
}
