import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { lockKeys } from '../db/lock-keys';
import type { SqlDb, SqlExecutor } from '../db/sql-db';
import { clientBehindProxies, forwardedClient, limitKey } from './client-address';
import type { BlockList } from 'node:net';

/** TRUST_PROXY as the gateway uses it: a number of hops, or the proxies to read from. */
export type ProxyTrust = number | BlockList;
import type { Clock } from './users';

/** Ten wrong guesses per quarter hour: plenty for typos, hopeless for guessing. */
export const maxFailures = 10;
export const failureWindowMs = 15 * 60_000;
/**
 * Beyond this many failures in the window the oldest are forgotten, so a flood cannot grow the
 * table without end: ten thousand addresses' worth, each limited at its tenth.
 */
export const maxKeptFailures = maxFailures * 10_000;

/** The address of the connection's other end; `unknown` without a socket (in-process tests). */
function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Records the request's client address (see `clientAddress`). Without trusted proxies
 * (TRUST_PROXY unset) it is the socket's: X-Forwarded-For is not read, since anyone can write
 * it. Behind reverse proxies, TRUST_PROXY names them (their addresses or ranges, read from only
 * when the connection comes from one) or counts them (hops, from the right), so each client has
 * its own count rather than all sharing the proxy's.
 */
export function recordClientAddress(c: Context, trust: ProxyTrust = 0): void {
  const forwardedFor = c.req.header('x-forwarded-for');
  const socket = socketAddress(c);
  c.set(
    'clientAddress',
    typeof trust === 'number'
      ? forwardedClient(socket, forwardedFor, trust)
      : clientBehindProxies(socket, forwardedFor, trust),
  );
}

/** The client's address, as `recordClientAddress` found it (the socket's when it did not run). */
export function clientAddress(c: Context): string {
  return c.get('clientAddress') ?? socketAddress(c);
}

/**
 * A sign-in attempt the limiter let through, counted already as a failure: attempts judged
 * at the same time all count, so no more than the limit is ever judged per window.
 */
export interface SignInAttempt {
  /** The attempt signed in, or was not a guess: it no longer counts. */
  forget(): Promise<void>;
  /** The attempt failed: it stays counted. */
  failed(): Promise<void>;
}

export type AttemptOutcome =
  { allowed: true; attempt: SignInAttempt } | { allowed: false; retryAfter: number };

/**
 * Failed sign-in attempts (wrong passwords, bad tokens, failed callbacks) per client address,
 * in the access database, so every replica counts against the same limit. An IPv6 client
 * counts by its /64 (`limitKey`). Each failure is a row of its own: failures arriving at once,
 * at one replica or several, are all counted, none lost to a read-then-write race.
 */
export function failureLimiter(db: SqlDb, now: Clock, { maxKept = maxKeptFailures } = {}) {
  const windowStart = () => new Date(now().getTime() - failureWindowMs).toISOString();

  /** Seconds until the address may try again; 0 when it may now. */
  async function retryAfterOn(on: SqlExecutor, address: string): Promise<number> {
    // The tenth most recent failure in the window: the address is free once it leaves it.
    const oldest = await on.get<{ failed_at: string }>(
      `SELECT failed_at FROM sign_in_failures WHERE address_key = ? AND failed_at > ?
       ORDER BY failed_at DESC, id DESC LIMIT 1 OFFSET ?`,
      [limitKey(address), windowStart(), maxFailures - 1],
    );
    if (!oldest) return 0;
    const freeAt = Date.parse(oldest.failed_at) + failureWindowMs;
    return Math.max(1, Math.ceil((freeAt - now().getTime()) / 1000));
  }

  /** Forgets failures out of the window, and the oldest beyond what is kept. */
  async function prune(): Promise<void> {
    await db.run('DELETE FROM sign_in_failures WHERE failed_at <= ?', [windowStart()]);
    // Rows are numbered in the order they came: those numbered more than maxKept before the
    // newest go, which bounds their count without counting them (index lookups only, whatever
    // the table's size).
    await db.run(
      'DELETE FROM sign_in_failures WHERE id <= (SELECT max(id) FROM sign_in_failures) - ?',
      [maxKept],
    );
  }

  return {
    retryAfter: (address: string) => retryAfterOn(db, address),

    /**
     * Checks the address and counts the attempt in one step, before it is judged: with sixty
     * passwords arriving at once, ten are judged and fifty refused, on one replica or several
     * (PostgreSQL serializes the step with a lock; SQLite has one writer).
     */
    async attempt(address: string): Promise<AttemptOutcome> {
      const counted = await db.transaction<{ retryAfter: number } | { id: number }>(async (tx) => {
        if (tx.dialect === 'postgres')
          await tx.get('SELECT pg_advisory_xact_lock(?)', [lockKeys.signInAttempts]);
        const retryAfter = await retryAfterOn(tx, address);
        if (retryAfter > 0) return { retryAfter };
        const row = await tx.get<{ id: number }>(
          'INSERT INTO sign_in_failures (address_key, failed_at) VALUES (?, ?) RETURNING id',
          [limitKey(address), now().toISOString()],
        );
        return { id: Number(row!.id) };
      });
      if ('retryAfter' in counted) return { allowed: false, retryAfter: counted.retryAfter };
      return {
        allowed: true,
        attempt: {
          async forget() {
            await db.run('DELETE FROM sign_in_failures WHERE id = ?', [counted.id]);
          },
          failed: prune,
        },
      };
    },

    /** Counts a failure found without an attempt (an unknown token, checked first). */
    async fail(address: string): Promise<void> {
      await db.run('INSERT INTO sign_in_failures (address_key, failed_at) VALUES (?, ?)', [
        limitKey(address),
        now().toISOString(),
      ]);
      await prune();
    },
  };
}

export type FailureLimiter = ReturnType<typeof failureLimiter>;
