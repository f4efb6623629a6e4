import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOfAddress, refusalOfUrl, safeDispatcher } from './safe-target';

const strict = { allowPrivate: false };
const local = { allowPrivate: true };

describe('refusalOfAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(refusalOfAddress(address, strict)).toBeNull();
  });

  // Just outside the private ranges: a check that refuses too much is caught here.
  it.each([
    '9.255.255.255',
    '11.0.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '126.255.255.255',
    '128.0.0.0',
    'fbff::1',
    'fe00::1',
  ])('allows %s, next to a refused range', (address) => {
    expect(refusalOfAddress(address, strict)).toBeNull();
  });

  it.each([
    ['127.0.0.1', /loopback/],
    ['127.255.255.254', /loopback/],
    ['::1', /loopback/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::ffff:7f00:1', /loopback/],
    ['64:ff9b::7f00:1', /loopback/],
    ['10.0.0.5', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['::ffff:10.1.2.3', /private/],
    ['fc00::1', /private/],
    ['fd12:3456::1', /private/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['100.127.255.254', /carrier-grade NAT/],
    ['169.254.1.1', /link-local/],
    ['fe80::1', /link-local/],
    ['fe80::1%eth0', /link-local/],
    ['169.254.169.254', /cloud metadata/],
    ['::ffff:169.254.169.254', /cloud metadata/],
    ['fd00:ec2::254', /cloud metadata/],
    ['100.100.100.200', /cloud metadata/],
    ['0.0.0.0', /unspecified/],
    ['0.1.2.3', /unspecified/],
    ['::', /unspecified/],
    ['224.0.0.1', /multicast/],
    ['239.255.255.250', /multicast/],
    ['ff02::1', /multicast/],
    ['255.255.255.255', /broadcast/],
    ['240.0.0.1', /reserved/],
    ['192.0.2.10', /reserved/],
    ['198.18.0.1', /reserved/],
    ['2001:db8::1', /reserved/],
    ['::7f00:1', /reserved/],
    ['2002:7f00:1::', /reserved/],
  ])('refuses %s', (address, reason) => {
    const refusal = refusalOfAddress(address, strict);
    expect(refusal).toMatch(reason);
    expect(refusal?.startsWith(`${address} is `)).toBe(true);
  });

  it('names the setting that allows loopback and private receivers', () => {
    expect(refusalOfAddress('10.0.0.5', strict)).toBe(
      '10.0.0.5 is a private address (set WEBHOOK_ALLOW_PRIVATE=true to allow local receivers)',
    );
    expect(refusalOfAddress('169.254.169.254', strict)).toBe(
      '169.254.169.254 is the cloud metadata address',
    );
  });

  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.0.0.5',
    '192.168.1.1',
    'fd12::1',
    '100.64.0.1',
  ])('allows the loopback or private %s with allowPrivate', (address) => {
    expect(refusalOfAddress(address, local)).toBeNull();
  });

  it.each([
    ['169.254.169.254', /cloud metadata/],
    ['::ffff:169.254.169.254', /cloud metadata/],
    ['fd00:ec2::254', /cloud metadata/],
    ['100.100.100.200', /cloud metadata/],
    ['169.254.10.10', /link-local/],
    ['fe80::1', /link-local/],
    ['0.0.0.0', /unspecified/],
    ['::', /unspecified/],
    ['224.0.0.1', /multicast/],
    ['255.255.255.255', /broadcast/],
  ])('still refuses %s with allowPrivate', (address, reason) => {
    const refusal = refusalOfAddress(address, local);
    expect(refusal).toMatch(reason);
    expect(refusal).not.toMatch(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it('refuses what is not an address', () => {
    expect(refusalOfAddress('example.com', local)).toBe('example.com is not an IP address');
  });
});

describe('refusalOfUrl', () => {
  it.each([
    'https://hooks.example.com/in?x=1',
    'http://8.8.8.8:8080/hook',
    'http://[2606:4700::1111]/',
  ])('allows %s', (url) => {
    expect(refusalOfUrl(url, strict)).toBeNull();
  });

  it('leaves host names to the attempt, which resolves them', () => {
    expect(refusalOfUrl('http://localhost:3000/hook', strict)).toBeNull();
  });

  it.each([
    ['not a url', 'url must be a valid absolute URL'],
    ['/relative/path', 'url must be a valid absolute URL'],
    ['ftp://example.com/file', 'url must use http or https'],
    ['file:///etc/passwd', 'url must use http or https'],
    ['javascript:alert(1)', 'url must use http or https'],
    ['https://user:secret@example.com/', 'url must not contain a user name or password'],
    ['https://user@example.com/', 'url must not contain a user name or password'],
    [
      'http://169.254.169.254/latest/meta-data/',
      'url points at 169.254.169.254, the cloud metadata address',
    ],
  ])('refuses %s', (url, message) => {
    expect(refusalOfUrl(url, strict)).toBe(message);
  });

  it.each([
    [
      'http://127.0.0.1:8080/',
      /^url points at 127\.0\.0\.1, a loopback address \(set WEBHOOK_ALLOW_PRIVATE/,
    ],
    ['http://[::1]:8080/', /^url points at ::1, a loopback address/],
    ['http://[::ffff:127.0.0.1]/', /^url points at ::ffff:7f00:1, a loopback address/],
    // The URL parser turns these spellings into 127.0.0.1 before the check sees them.
    ['http://2130706433/', /^url points at 127\.0\.0\.1, a loopback/],
    ['http://0x7f.1/', /^url points at 127\.0\.0\.1, a loopback/],
    ['http://10.1.2.3/', /^url points at 10\.1\.2\.3, a private address/],
    ['http://[fe80::1]/', /^url points at fe80::1, a link-local address/],
    ['http://0.0.0.0:3000/', /^url points at 0\.0\.0\.0, an unspecified address/],
  ])('refuses the IP literal in %s', (url, message) => {
    expect(refusalOfUrl(url, strict)).toMatch(message);
  });

  it('allows loopback and private literals with allowPrivate, never metadata or link-local', () => {
    expect(refusalOfUrl('http://127.0.0.1:8080/', local)).toBeNull();
    expect(refusalOfUrl('http://[::1]:8080/', local)).toBeNull();
    expect(refusalOfUrl('http://192.168.0.10/', local)).toBeNull();
    expect(refusalOfUrl('http://169.254.169.254/', local)).toBe(
      'url points at 169.254.169.254, the cloud metadata address',
    );
    expect(refusalOfUrl('http://[fd00:ec2::254]/', local)).toMatch(/cloud metadata/);
    expect(refusalOfUrl('http://169.254.0.7/', local)).toMatch(/link-local/);
  });
});

// The dispatcher on its own, without postJson's check of the URL in front of it.
describe('safeDispatcher', () => {
  let server: Server;
  let port: number;
  let seen = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      seen++;
      res.end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function get(url: string, allowPrivate: boolean): Promise<string> {
    const dispatcher = safeDispatcher({ allowPrivate });
    try {
      const res = await request(url, { dispatcher });
      return await res.body.text();
    } finally {
      await dispatcher.close();
    }
  }

  it('refuses an IP literal before connecting', async () => {
    const before = seen;
    await expect(get(`http://127.0.0.1:${port}/`, false)).rejects.toThrow(
      /127\.0\.0\.1 is a loopback address/,
    );
    await expect(get(`http://[::1]:${port}/`, false)).rejects.toThrow(/::1 is a loopback address/);
    expect(seen).toBe(before);
  });

  it('refuses a name that resolves to loopback', async () => {
    const before = seen;
    await expect(get(`http://localhost:${port}/`, false)).rejects.toThrow(
      /localhost resolves to .* is a loopback address/,
    );
    expect(seen).toBe(before);
  });

  it('connects to checked addresses when the policy allows them', async () => {
    const before = seen;
    expect(await get(`http://127.0.0.1:${port}/`, true)).toBe('hello');
    expect(await get(`http://localhost:${port}/`, true)).toBe('hello');
    expect(seen).toBe(before + 2);
  });
});
