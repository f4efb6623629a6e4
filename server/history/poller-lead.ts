import { lockKeys } from '../db/lock-keys';
import pg from 'pg';
import type { Logger } from '../logger';
import { clientConfig } from '../db/postgres-db';

/**
 * Which replica polls. Upstream status calls stay at one per running job per interval only if
 * exactly one process follows the jobs: on SQLite there is one process, so it always leads;
 * on PostgreSQL the replicas elect one with a session advisory lock held on a connection of
 * its own. The database ends the lock with that connection, so a leader that dies (kill -9,
 * a lost machine) frees it for another without any timer of ours deciding.
 */
export interface PollerLead {
  /** Whether this process polls now. */
  leading(): boolean;
  /**
   * The lead's term, raised each time a replica takes the lead: a write made under an older
   * term is refused (see fencedWrite), so a replica that lost the lead cannot write after it.
   */
  term(): number | null;
  /** Told each time this process takes or loses the lead. */
  onChange(listener: (leading: boolean) => void): () => void;
  start(): void;
  /** Gives the lead up at once (shutdown), so another replica takes it without waiting. */
  release(): Promise<void>;
}

/** One process, one poller: SQLite's case. */
export function soloLead(): PollerLead {
  let started = false;
  const listeners = new Set<(leading: boolean) => void>();
  return {
    leading: () => started,
    term: () => (started ? 1 : null),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      listeners.forEach((listener) => listener(true));
    },
    async release() {
      if (!started) return;
      started = false;
      listeners.forEach((listener) => listener(false));
    },
  };
}

/** The advisory lock's key: any constant the replicas share. */
export const pollerLockKey = lockKeys.pollerLead;

export const leadRules = {
  /** How often a standby asks for the lock: takeover within this after the leader is gone. */
  tryEveryMs: 2_000,
  /** How often the leader checks that its connection (and so its lock) still holds. */
  checkEveryMs: 3_000,
  /** A check that does not answer in this long counts as a lost connection. */
  checkTimeoutMs: 3_000,
};

export interface PostgresLeadOptions {
  url: string;
  schema: string;
  logger: Logger;
  rules?: Partial<typeof leadRules>;
  /** Names the connection in pg_stat_activity. */
  applicationName?: string;
}

/**
 * The lead on PostgreSQL: a standby tries `pg_try_advisory_lock` every `tryEveryMs`; once it
 * holds it, it raises the term in `poller_lead` and leads until its connection fails a check,
 * errs, or `release` is called. The connection asks the server to probe the client often
 * (TCP keepalives), so a leader whose machine vanished without closing its socket loses the
 * lock within seconds rather than hours.
 */
export function postgresLead(options: PostgresLeadOptions): PollerLead {
  const rules = { ...leadRules, ...options.rules };
  /**
   * A leader whose connection failed steps back for two tries' time before asking again: if its
   * own network is what failed, a standby with a working one takes the lead first.
   */
  const lostLeadPauseMs = 2 * rules.tryEveryMs;
  const { logger } = options;
  const listeners = new Set<(leading: boolean) => void>();
  let client: pg.Client | null = null;
  let currentTerm: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;

  const config = clientConfig(
    options.url,
    options.schema,
    options.applicationName ?? 'media-studio lead',
  );
  const withProbes = {
    ...config,
    // Server-side probes of this connection: idle 5 s, then every 2 s, 3 misses.
    options: `${config.options} -c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3`,
  };

  const tell = (leading: boolean) => {
    for (const listener of listeners) {
      try {
        listener(leading);
      } catch (error) {
        logger.error('poller lead: a listener failed', { error: String(error) });
      }
    }
  };

  function schedule(ms: number) {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  }

  async function drop(reason: string) {
    const was = currentTerm !== null;
    currentTerm = null;
    const old = client;
    client = null;
    if (old) await old.end().catch(() => undefined);
    if (was) {
      logger.warn('poller lead: lost', { reason });
      tell(false);
      // The check already scheduled would ask again at once; step back instead.
      schedule(lostLeadPauseMs);
    }
  }

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client(withProbes);
    // A broken connection errs here rather than crashing the process; the next check sees it.
    fresh.on('error', (error) => void drop(`connection error: ${error.message}`));
    await fresh.connect();
    return fresh;
  }

  async function tick() {
    try {
      if (currentTerm !== null && client) {
        await withTimeout(client.query('SELECT 1'), rules.checkTimeoutMs);
        return schedule(rules.checkEveryMs);
      }
      client ??= await connect();
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [pollerLockKey],
      );
      if (!rows[0]?.locked) return schedule(rules.tryEveryMs);
      const raised = await client.query<{ term: number }>(
        `INSERT INTO poller_lead (id, term, taken_at) VALUES (1, 1, now())
         ON CONFLICT (id) DO UPDATE SET term = poller_lead.term + 1, taken_at = now()
         RETURNING term`,
      );
      currentTerm = Number(raised.rows[0]!.term);
      logger.info('poller lead: taken', { term: currentTerm });
      tell(true);
      schedule(rules.checkEveryMs);
    } catch (error) {
      const wasLeading = currentTerm !== null;
      await drop(error instanceof Error ? error.message : String(error));
      schedule(wasLeading ? lostLeadPauseMs : rules.tryEveryMs);
    }
  }

  return {
    leading: () => currentTerm !== null,
    term: () => currentTerm,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (running) return;
      running = true;
      void tick();
    },
    async release() {
      running = false;
      if (timer) clearTimeout(timer);
      if (currentTerm !== null && client) {
        await client.query('SELECT pg_advisory_unlock($1)', [pollerLockKey]).catch(() => undefined);
      }
      await drop('released');
    },
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]);
}
