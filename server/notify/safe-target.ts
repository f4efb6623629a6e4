import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher } from 'undici';

/** Which webhook targets the gateway may call. */
export interface TargetPolicy {
  /** Loopback and private receivers (WEBHOOK_ALLOW_PRIVATE=true), for a receiver on this network. */
  allowPrivate: boolean;
}

/** A webhook target the policy refuses; the message is the reason, in words a person reads. */
export class TargetRefusedError extends Error {
  override readonly name = 'TargetRefusedError';
}

const allowPrivateHint = ' (set WEBHOOK_ALLOW_PRIVATE=true to allow local receivers)';

// Instance metadata hands out cloud credentials, so no setting ever opens it: AWS, GCP, Azure
// and Oracle use 169.254.169.254, AWS also fd00:ec2::254 over IPv6, Alibaba 100.100.100.200
// (inside the carrier-grade NAT range that WEBHOOK_ALLOW_PRIVATE would otherwise open).
const metadataAddresses = ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200'].map((a) =>
  ipaddr.parse(a),
);

// IPv4-compatible IPv6 (::a.b.c.d) is deprecated and ipaddr.js calls it unicast; nothing
// public lives there.
const ipv4Compatible = ipaddr.parseCIDR('::/96');
// NAT64 (RFC 6052) carries an IPv4 address in its last 32 bits; an IPv6-only host behind DNS64
// reaches every public receiver this way, so the embedded address is what gets judged.
const nat64 = ipaddr.parseCIDR('64:ff9b::/96');

interface Refusal {
  /** "a private address", "the cloud metadata address". */
  what: string;
  /** Whether WEBHOOK_ALLOW_PRIVATE would allow it. */
  private: boolean;
}

function classify(address: string, policy: TargetPolicy): Refusal | null {
  if (!ipaddr.isValid(address)) return { what: 'not an IP address', private: false };
  let ip = ipaddr.process(address);
  if (ip.kind() === 'ipv6' && ip.match(nat64)) {
    ip = ipaddr.fromByteArray(ip.toByteArray().slice(12));
  }
  if (
    metadataAddresses.some(
      (m) => m.kind() === ip.kind() && ip.match(m, m.kind() === 'ipv4' ? 32 : 128),
    )
  ) {
    return { what: 'the cloud metadata address', private: false };
  }
  const range = ip.range();
  switch (range) {
    case 'unicast':
      if (ip.kind() === 'ipv6' && ip.match(ipv4Compatible)) {
        return { what: 'a reserved address', private: false };
      }
      return null;
    case 'loopback':
      return policy.allowPrivate ? null : { what: 'a loopback address', private: true };
    case 'private':
    case 'uniqueLocal':
      return policy.allowPrivate ? null : { what: 'a private address', private: true };
    case 'carrierGradeNat':
      return policy.allowPrivate
        ? null
        : { what: 'a private (carrier-grade NAT) address', private: true };
    case 'linkLocal':
      return { what: 'a link-local address', private: false };
    case 'unspecified':
      return { what: 'an unspecified address', private: false };
    case 'multicast':
      return { what: 'a multicast address', private: false };
    case 'broadcast':
      return { what: 'the broadcast address', private: false };
    default:
      // Documentation, benchmarking, 6to4, Teredo and the other special-purpose ranges.
      return { what: `a reserved address (${range})`, private: false };
  }
}

/** Why a receiver at this IP address may not be called, or null when it may. */
export function refusalOfAddress(address: string, policy: TargetPolicy): string | null {
  const refusal = classify(address, policy);
  if (!refusal) return null;
  return `${address} is ${refusal.what}${refusal.private ? allowPrivateHint : ''}`;
}

/**
 * Why a webhook URL may not be saved, or null. Host names are not resolved here: what they
 * point at can change, so each delivery attempt resolves and checks them again.
 */
export function refusalOfUrl(url: string, policy: TargetPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url must be a valid absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return 'url must use http or https';
  }
  if (parsed.username || parsed.password) {
    return 'url must not contain a user name or password';
  }
  const host = unbracket(parsed.hostname);
  if (!isIP(host)) return null;
  const refusal = classify(host, policy);
  if (!refusal) return null;
  return `url points at ${host}, ${refusal.what}${refusal.private ? allowPrivateHint : ''}`;
}

function unbracket(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves a host name and refuses it when any of its addresses is refused. The socket then
 * connects to the addresses checked here, so a name that changes its answer between the check
 * and the connection (DNS rebinding) cannot slip through.
 */
function checkedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(
      hostname,
      { family: options.family, hints: options.hints, all: true },
      (error, found) => {
        if (error) return callback(error, '', 0);
        const addresses: LookupAddress[] = found;
        const refusal = addresses
          .map(({ address }) => refusalOfAddress(address, policy))
          .find((reason) => reason !== null);
        if (refusal) {
          return callback(new TargetRefusedError(`${hostname} resolves to ${refusal}`), '', 0);
        }
        const first = addresses[0];
        if (options.all) return callback(null, addresses);
        if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
        callback(null, first.address, first.family);
      },
    );
  };
}

/**
 * The dispatcher webhook deliveries go through: every connection is checked against the policy
 * at the moment it is made. Node connects to an IP literal without a lookup, so literals are
 * checked before connecting.
 */
export function safeDispatcher(policy: TargetPolicy): Dispatcher {
  const connector = buildConnector({ lookup: checkedLookup(policy), autoSelectFamily: true });
  return new Agent({
    // A kept connection was checked when it was made; keeping it briefly only saves a handshake
    // between the deliveries of one burst.
    keepAliveTimeout: 1_000,
    keepAliveMaxTimeout: 1_000,
    connect: (options, callback) => {
      const host = unbracket(options.hostname);
      const refusal = isIP(host) ? refusalOfAddress(host, policy) : null;
      if (refusal) return callback(new TargetRefusedError(refusal), null);
      connector(options, callback);
    },
  });
}
