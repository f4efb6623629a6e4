import { isIP } from 'node:net';

/**
 * Whether a host name always means this machine: `localhost` and its subdomains (RFC 6761),
 * 127.0.0.0/8 and ::1. A DNS-rebinding page can point its own name at 127.0.0.1, but the
 * browser still sends that name in Host, never one of these.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}
