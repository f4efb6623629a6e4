import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { forwardedClient, limitKey } from './client-address';
import type { Clock } from './users';

/** Ten wrong guesses per quarter hour: plenty for typos, hopeless for guessing. */
export const maxFailures = 10;
export const failureWindowMs = 15 * 60_000;
/** Beyond this many addresses the oldest is forgotten, so a flood cannot exhaust memory. */
const maxAddresses = 10_000;

/** The address of the connection's other end; `unknown` without a socket (in-process tests). */
function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Records the request's client address (see `clientAddress`). Without trusted proxy hops
 * (TRUST_PROXY unset) it is the socket's: X-Forwarded-For is not read, since anyone can write
 * it. Behind a reverse proxy, TRUST_PROXY=1 (or the number of proxies) reads it from the
 * right, so each client has its own count rather than all sharing the proxy's.
 */
export function recordClientAddress(c: Context, trustedHops = 0): void {
  const forwardedFor = c.req.header('x-forwarded-for');
  c.set('clientAddress', forwardedClient(socketAddress(c), forwardedFor, trustedHops));
}

/** The client's address, as `recordClientAddress` found it (the socket's when it did not run). */
export function clientAddress(c: Context): string {
  return c.get('clientAddress') ?? socketAddress(c);
}

/**
 * Failed sign-in attempts (wrong passwords, bad tokens) per client address, in memory. An IPv6
 * client counts by its /64 (`limitKey`).
 */
export function failureLimiter(now: Clock) {
  const failures = new Map<string, number[]>();
  const recent = (address: string) => {
    const since = now().getTime() - failureWindowMs;
    const list = (failures.get(address) ?? []).filter((at) => at > since);
    if (list.length) failures.set(address, list);
    else failures.delete(address);
    return list;
  };

  return {
    /** Seconds until the address may try again; 0 when it may now. */
    retryAfter(address: string): number {
      const list = recent(limitKey(address));
      if (list.length < maxFailures) return 0;
      const freeAt = list[list.length - maxFailures]! + failureWindowMs;
      return Math.max(1, Math.ceil((freeAt - now().getTime()) / 1000));
    },
    fail(address: string): void {
      const key = limitKey(address);
      const list = recent(key);
      list.push(now().getTime());
      // Re-inserted last: Map order is then least recently failed first.
      failures.delete(key);
      failures.set(key, list.slice(-maxFailures));
      if (failures.size > maxAddresses) failures.delete(failures.keys().next().value!);
    },
  };
}

export type FailureLimiter = ReturnType<typeof failureLimiter>;
