import type { AccessSession, AccessUser } from '../../src/api/contract/access';
import type { SqlExecutor } from '../db/sql-db';
import { hashSecret, randomId, randomSecret } from './secrets';
import type { Clock } from './users';

/** However active, a session ends this long after sign-in: a stolen cookie does not live forever. */
export const sessionMaxAgeMs = 30 * 24 * 60 * 60_000;
/** Writing last_seen on every request would make each read a write: once a minute is enough. */
const touchEveryMs = 60_000;

interface SessionRow {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
}

export interface FoundSession {
  id: string;
  user: AccessUser;
}

/**
 * Browser sessions: the cookie holds a random secret, the table its hash. Every question is
 * asked of the database, none answered from memory: a session signed out or revoked through
 * one replica is refused by every other at once.
 */
export function sessionStore(db: SqlExecutor, now: Clock, idleHours: number) {
  const idleMs = idleHours * 60 * 60_000;
  /** A session ends at the earlier of idle time after its last use and the absolute limit. */
  const expiry = (createdAt: string, seenAt: Date) =>
    new Date(
      Math.min(seenAt.getTime() + idleMs, Date.parse(createdAt) + sessionMaxAgeMs),
    ).toISOString();

  return {
    /** Starts a session; the returned secret is the cookie's value and is not kept. */
    async create(
      userId: string,
      userAgent: string | null,
    ): Promise<{ id: string; secret: string }> {
      const at = now();
      const id = randomId();
      const secret = randomSecret();
      const created = at.toISOString();
      await db.run(
        `INSERT INTO sessions (id, secret_hash, user_id, created_at, last_seen_at, expires_at, user_agent)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          hashSecret(secret),
          userId,
          created,
          created,
          expiry(created, at),
          userAgent?.slice(0, 300) ?? null,
        ],
      );
      return { id, secret };
    },

    /** The live session a cookie names, its use noted; null when unknown or expired. */
    async find(secret: string): Promise<FoundSession | null> {
      const row = await db.get<SessionRow & { name: string; email: string | null }>(
        `SELECT s.id, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.user_agent,
           u.name, u.email
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.secret_hash = ?`,
        [hashSecret(secret)],
      );
      const at = now();
      if (!row || Date.parse(row.expires_at) <= at.getTime()) return null;
      if (at.getTime() - Date.parse(row.last_seen_at) >= touchEveryMs) {
        await db.run('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?', [
          at.toISOString(),
          expiry(row.created_at, at),
          row.id,
        ]);
        await db.run('UPDATE users SET last_seen_at = ? WHERE id = ?', [
          at.toISOString(),
          row.user_id,
        ]);
      }
      return { id: row.id, user: { id: row.user_id, name: row.name, email: row.email } };
    },

    async list(userId: string, currentId: string | undefined): Promise<AccessSession[]> {
      const rows = await db.all<SessionRow>(
        `SELECT id, user_id, created_at, last_seen_at, expires_at, user_agent FROM sessions
         WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC, id`,
        [userId, now().toISOString()],
      );
      return rows.map((row) => ({
        id: row.id,
        created_at: row.created_at,
        last_seen_at: row.last_seen_at,
        expires_at: row.expires_at,
        user_agent: row.user_agent,
        current: row.id === currentId,
      }));
    },

    /** Ends one of the user's sessions; false when it is not theirs (or already gone). */
    async revoke(userId: string, id: string): Promise<boolean> {
      return (
        (await db.run('DELETE FROM sessions WHERE id = ? AND user_id = ?', [id, userId])).changes >
        0
      );
    },

    /** Ends the session a cookie names (signing out). */
    async revokeSecret(secret: string): Promise<void> {
      await db.run('DELETE FROM sessions WHERE secret_hash = ?', [hashSecret(secret)]);
    },

    /**
     * Whether the session still holds (not signed out, revoked or expired), without noting a
     * use: a long-lived request (the event stream) asks this while it stays open.
     */
    async isCurrent(id: string): Promise<boolean> {
      const row = await db.get<{ id: string }>(
        'SELECT id FROM sessions WHERE id = ? AND expires_at > ?',
        [id, now().toISOString()],
      );
      return row !== undefined;
    },

    /** Ends every session of a user (their password changed); returns how many there were. */
    async revokeAll(userId: string): Promise<number> {
      return (await db.run('DELETE FROM sessions WHERE user_id = ?', [userId])).changes;
    },

    /** Removes expired rows; they are already refused, this only keeps the table small. */
    async prune(): Promise<number> {
      return (await db.run('DELETE FROM sessions WHERE expires_at <= ?', [now().toISOString()]))
        .changes;
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
