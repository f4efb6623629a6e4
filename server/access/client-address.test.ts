import { describe, expect, it } from 'vitest';
import { clientBehindProxies, forwardedClient, limitKey, trustedProxies } from './client-address';

describe('clientBehindProxies', () => {
  const proxies = trustedProxies(['10.0.0.5', '10.1.0.0/16', 'fd00::/8']);

  it('reads X-Forwarded-For only from a connection that comes from a named proxy', () => {
    expect(clientBehindProxies('198.51.100.9', '203.0.113.7', proxies)).toBe('198.51.100.9');
    expect(clientBehindProxies('10.0.0.6', '203.0.113.7', proxies)).toBe('10.0.0.6');
    expect(clientBehindProxies('10.0.0.5', '203.0.113.7', proxies)).toBe('203.0.113.7');
    expect(clientBehindProxies('::ffff:10.1.2.3', '203.0.113.7', proxies)).toBe('203.0.113.7');
    expect(clientBehindProxies('fd00::1', '2001:db8::7', proxies)).toBe('2001:db8::7');
    expect(clientBehindProxies('10.0.0.5', undefined, proxies)).toBe('10.0.0.5');
  });

  it('passes over the proxies from the right and never reads what the client wrote further left', () => {
    expect(clientBehindProxies('10.0.0.5', '198.51.100.1, 203.0.113.7, 10.1.9.9', proxies)).toBe(
      '203.0.113.7',
    );
    // Only proxies: the leftmost of them is as far as the header can be trusted.
    expect(clientBehindProxies('10.0.0.5', '10.1.0.1, 10.1.0.2', proxies)).toBe('10.1.0.1');
    // Junk where an address is due: the last address that could be trusted.
    expect(clientBehindProxies('10.0.0.5', '203.0.113.7, junk, 10.1.0.2', proxies)).toBe(
      '10.1.0.2',
    );
  });
});

describe('forwardedClient', () => {
  it('ignores X-Forwarded-For without trusted hops', () => {
    expect(forwardedClient('10.0.0.2', '203.0.113.7', 0)).toBe('10.0.0.2');
  });

  it('reads the entry the trusted proxies wrote, from the right, never what the client wrote', () => {
    expect(forwardedClient('10.0.0.2', '198.51.100.1, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('10.0.0.2', '198.51.100.1, 203.0.113.7, 10.0.0.9', 2)).toBe(
      '203.0.113.7',
    );
    // Fewer entries than hops: the furthest one there is.
    expect(forwardedClient('10.0.0.2', '203.0.113.7', 3)).toBe('203.0.113.7');
  });

  it('takes ports and brackets off, and keeps the socket when no address is where one is due', () => {
    expect(forwardedClient('10.0.0.2', '203.0.113.7:5123', 1)).toBe('203.0.113.7');
    expect(forwardedClient('10.0.0.2', '[2001:db8::1]:443', 1)).toBe('2001:db8::1');
    expect(forwardedClient('10.0.0.2', '2001:db8::1', 1)).toBe('2001:db8::1');
    expect(forwardedClient('10.0.0.2', 'unknown', 1)).toBe('10.0.0.2');
    expect(forwardedClient('10.0.0.2', ' , ', 1)).toBe('10.0.0.2');
    expect(forwardedClient('10.0.0.2', undefined, 1)).toBe('10.0.0.2');
  });

  it('reads an address with multi-digit groups, with or without a port or brackets', () => {
    expect(forwardedClient('10.0.0.2', '198.51.100.17:5123', 1)).toBe('198.51.100.17');
    expect(forwardedClient('10.0.0.2', '[2001:db8::1]', 1)).toBe('2001:db8::1');
  });

  it('takes no address out of an entry that holds more than one', () => {
    for (const entry of [
      'x198.51.100.17:5123',
      '198.51.100.17:5123x',
      'x[2001:db8::1]:443',
      '[2001:db8::1]:443x',
      '[2001:db8::1]:',
    ])
      expect(forwardedClient('10.0.0.2', entry, 1), entry).toBe('10.0.0.2');
  });

  it('does not count empty entries as hops', () => {
    expect(forwardedClient('10.0.0.2', '203.0.113.7,', 1)).toBe('203.0.113.7');
    expect(forwardedClient('10.0.0.2', '198.51.100.1, , 203.0.113.7', 2)).toBe('198.51.100.1');
  });
});

describe('limitKey', () => {
  it('keeps IPv4 addresses, and unwraps one seen through an IPv6 socket', () => {
    expect(limitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('unknown')).toBe('unknown');
    expect(limitKey('::ffff:198.51.100.17')).toBe('198.51.100.17');
    expect(limitKey('::FFFF:198.51.100.17')).toBe('198.51.100.17');
  });

  it('does not take an IPv6 address that only ends like a mapped one for an IPv4 client', () => {
    expect(limitKey('2001:db8::ffff:198.51.100.17')).toBe('2001:db8:0:0::/64');
  });

  it('groups IPv6 addresses by their /64', () => {
    expect(limitKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitKey('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
    // Groups after :: reach into the /64 when few are left out.
    expect(limitKey('2001:db8::1:2:3:4:5')).toBe('2001:db8:0:1::/64');
    expect(limitKey('2001:db8::1:2:3:192.0.2.1')).toBe('2001:db8:0:1::/64');
  });
});
