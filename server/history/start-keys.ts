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
 * The gateway's memory of keyed creations (startKeyHeader): the first 2xx answer to each key,
 * per kind, in the history's database so a restarted gateway still knows it. While the first
 * request with a key is on its way, a second one waits for it rather than creating again.
 */
export function createStartKeys(db: SqlExecutor) {
  const find = (kind: HistoryKind, key: string) =>
    db.get<{ status: number; body_json: string }>(
      'SELECT status, body_json FROM start_keys WHERE kind = ? AND key = ?',
      [kind, key],
    );
  const inFlight = new Map<string, Promise<unknown>>();
  const slot = (kind: HistoryKind, key: string) => `${kind} ${key}`;

  return {
    /**
     * The kept answer for this key, or else what `run` answers. A request with the same key
     * that is on its way is waited for first; the claim is taken in the same turn as the check,
     * so two requests never both run.
     */
    async once<T>(kind: HistoryKind, key: string, run: () => Promise<T>): Promise<T | StartAnswer> {
      const id = slot(kind, key);
      for (let pending = inFlight.get(id); pending; pending = inFlight.get(id)) {
        await pending.catch(() => undefined);
      }
      const running = (async () => {
        const row = await find(kind, key);
        return row ? { status: row.status, body: row.body_json } : run();
      })();
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
    /** Forgets keys older than startKeyDays; returns how many. */
    async prune(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - startKeyDays * 86_400_000).toISOString();
      return (await db.run('DELETE FROM start_keys WHERE created_at < ?', [cutoff])).changes;
    },
  };
}

export type StartKeys = ReturnType<typeof createStartKeys>;
