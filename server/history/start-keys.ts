import { randomUUID } from 'node:crypto';
import type { HistoryKind } from '../../src/api/contract/history';
import type { SqlExecutor } from '../db/sql-db';

/** The first answer to a keyed creation, as it is sent again. */
export interface StartAnswer {
  status: number;
  /** The JSON body, as text. */
  body: string;
}

/** Keys are kept this long: a start is resumed on the next visit, not months later. */
export const startKeyDays = 30;
/**
 * A claim this old belongs to a replica that died mid-creation: another may take it over. Far
 * longer than any creation takes to be answered.
 */
export const staleClaimMs = 10 * 60_000;
/** How often a request whose key another replica is creating looks for the answer. */
const claimPollMs = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The gateway's memory of keyed creations (startKeyHeader): the first 2xx answer to each key,
 * per kind, in the history's database so a restarted gateway still knows it. While the first
 * request with a key is on its way, a second one waits for it rather than creating again: in
 * this process it waits for the first's promise; across replicas, the first holds a claim row
 * (start_claims) that the others wait on, reading the kept answer once it is there.
 */
export function createStartKeys(db: SqlExecutor, options: { pollMs?: number } = {}) {
  const pollMs = options.pollMs ?? claimPollMs;
  const find = async (kind: HistoryKind, key: string): Promise<StartAnswer | null> => {
    const row = await db.get<{ status: number; body_json: string }>(
      'SELECT status, body_json FROM start_keys WHERE kind = ? AND key = ?',
      [kind, key],
    );
    return row ? { status: row.status, body: row.body_json } : null;
  };

  /** Claims the key for `claim`: free, or held by a replica that died. */
  async function take(kind: HistoryKind, key: string, claim: string): Promise<boolean> {
    const now = Date.now();
    const inserted = await db.run(
      `INSERT INTO start_claims (kind, key, claim_id, claimed_at) VALUES (?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
      [kind, key, claim, new Date(now).toISOString()],
    );
    if (inserted.changes === 1) return true;
    const takenOver = await db.run(
      `UPDATE start_claims SET claim_id = ?, claimed_at = ?
       WHERE kind = ? AND key = ? AND claimed_at < ?`,
      [claim, new Date(now).toISOString(), kind, key, new Date(now - staleClaimMs).toISOString()],
    );
    return takenOver.changes === 1;
  }

  const release = (kind: HistoryKind, key: string, claim: string) =>
    db.run('DELETE FROM start_claims WHERE kind = ? AND key = ? AND claim_id = ?', [
      kind,
      key,
      claim,
    ]);

  /** The kept answer, or else `run`'s, made under a claim no other replica holds meanwhile. */
  async function claimed<T>(
    kind: HistoryKind,
    key: string,
    run: () => Promise<T>,
  ): Promise<T | StartAnswer> {
    const claim = randomUUID();
    for (;;) {
      const kept = await find(kind, key);
      if (kept) return kept;
      if (await take(kind, key, claim)) break;
      await sleep(pollMs);
    }
    try {
      // The last holder may have kept its answer between the read above and the claim.
      return (await find(kind, key)) ?? (await run());
    } finally {
      // Whether the answer was kept or not: a refused or failed creation may be tried again.
      await release(kind, key, claim).catch(() => undefined);
    }
  }

  const inFlight = new Map<string, Promise<unknown>>();
  const slot = (kind: HistoryKind, key: string) => `${kind} ${key}`;

  return {
    /**
     * The kept answer for this key, or else what `run` answers. A request with the same key
     * that is on its way, here or at another replica, is waited for first; the claim is taken
     * in the same turn as the check here, and in the database across replicas, so two
     * requests never both run.
     */
    async once<T>(kind: HistoryKind, key: string, run: () => Promise<T>): Promise<T | StartAnswer> {
      const id = slot(kind, key);
      for (let pending = inFlight.get(id); pending; pending = inFlight.get(id)) {
        await pending.catch(() => undefined);
      }
      const running = claimed(kind, key, run);
      inFlight.set(id, running);
      try {
        return await running;
      } finally {
        inFlight.delete(id);
      }
    },
    /** Keeps a 2xx answer; a refusal is not kept, so the same key may be tried again. */
    async keep(
      kind: HistoryKind,
      key: string,
      answer: StartAnswer,
      entryId: string | null,
      at: Date,
    ): Promise<void> {
      if (answer.status < 200 || answer.status > 299) return;
      await db.run(
        `INSERT INTO start_keys (kind, key, status, body_json, entry_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [kind, key, answer.status, answer.body, entryId, at.toISOString()],
      );
    },
    /** Forgets keys older than startKeyDays, and claims left by replicas that died; returns how many keys. */
    async prune(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - startKeyDays * 86_400_000).toISOString();
      const stale = new Date(now.getTime() - staleClaimMs).toISOString();
      await db.run('DELETE FROM start_claims WHERE claimed_at < ?', [stale]);
      return (await db.run('DELETE FROM start_keys WHERE created_at < ?', [cutoff])).changes;
    },
  };
}

export type StartKeys = ReturnType<typeof createStartKeys>;
