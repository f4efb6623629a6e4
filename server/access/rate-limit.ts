import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Clock } from './users';

/** Ten wrong guesses per quarter hour: plenty for typos, hopeless for guessing. */
export const maxFailures = 10;
export const failureWindowMs = 15 * 60_000;
/** Beyond this many addresses the oldest is forgotten, so a flood cannot exhaust memory. */
const maxAddresses = 10_000;

/**
 * The address of the connection's other end. Not X-Forwarded-For: anyone can write that. Behind
 * a reverse proxy every client shares the proxy's address, so the limit applies to them all
 * together, which fails safe. `unknown` when there is no socket (in-process test requests).
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Failed sign-in attempts (wrong passwords, bad tokens) per client address, in memory. */
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
      const list = recent(address);
      if (list.length < maxFailures) return 0;
      const freeAt = list[list.length - maxFailures]! + failureWindowMs;
      return Math.max(1, Math.ceil((freeAt - now().getTime()) / 1000));
    },
    fail(address: string): void {
      const list = recent(address);
      list.push(now().getTime());
      // Re-inserted last: Map order is then least recently failed first.
      failures.delete(address);
      failures.set(address, list.slice(-maxFailures));
      if (failures.size > maxAddresses) failures.delete(failures.keys().next().value!);
    },
  };
}

export type FailureLimiter = ReturnType<typeof failureLimiter>;
