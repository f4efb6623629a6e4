import type { AccessSession, AccessUser } from '../../src/api/contract/access';
import type { AccessDb } from './access-db';
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

/** Browser sessions: the cookie holds a random secret, the table its hash. */
export function sessionStore(db: AccessDb, now: Clock, idleHours: number) {
  const idleMs = idleHours * 60 * 60_000;
  /** A session ends at the earlier of idle time after its last use and the absolute limit. */
  const expiry = (createdAt: string, seenAt: Date) =>
    new Date(
      Math.min(seenAt.getTime() + idleMs, Date.parse(createdAt) + sessionMaxAgeMs),
    ).toISOString();

  const insert = db.prepare(
    `INSERT INTO sessions (id, secret_hash, user_id, created_at, last_seen_at, expires_at, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const bySecret = db.prepare<[string], SessionRow & { name: string; email: string | null }>(
    `SELECT s.*, u.name, u.email FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.secret_hash = ?`,
  );
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?');
  const touchUser = db.prepare('UPDATE users SET last_seen_at = ? WHERE id = ?');
  const ofUser = db.prepare<[string, string], SessionRow>(
    `SELECT * FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC, id`,
  );
  const remove = db.prepare('DELETE FROM sessions WHERE id = ? AND user_id = ?');
  const removeBySecret = db.prepare('DELETE FROM sessions WHERE secret_hash = ?');
  const prune = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const live = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM sessions WHERE id = ? AND expires_at > ?',
  );
  const removeOfUser = db.prepare('DELETE FROM sessions WHERE user_id = ?');

  return {
    /** Starts a session; the returned secret is the cookie's value and is not kept. */
    create(userId: string, userAgent: string | null): { id: string; secret: string } {
      const at = now();
      const id = randomId();
      const secret = randomSecret();
      const created = at.toISOString();
      insert.run(
        id,
        hashSecret(secret),
        userId,
        created,
        created,
        expiry(created, at),
        userAgent?.slice(0, 300) ?? null,
      );
      return { id, secret };
    },

    /** The live session a cookie names, its use noted; null when unknown or expired. */
    find(secret: string): FoundSession | null {
      const row = bySecret.get(hashSecret(secret));
      const at = now();
      if (!row || Date.parse(row.expires_at) <= at.getTime()) return null;
      if (at.getTime() - Date.parse(row.last_seen_at) >= touchEveryMs) {
        touch.run(at.toISOString(), expiry(row.created_at, at), row.id);
        touchUser.run(at.toISOString(), row.user_id);
      }
      return { id: row.id, user: { id: row.user_id, name: row.name, email: row.email } };
    },

    list(userId: string, currentId: string | undefined): AccessSession[] {
      return ofUser.all(userId, now().toISOString()).map((row) => ({
        id: row.id,
        created_at: row.created_at,
        last_seen_at: row.last_seen_at,
        expires_at: row.expires_at,
        user_agent: row.user_agent,
        current: row.id === currentId,
      }));
    },

    /** Ends one of the user's sessions; false when it is not theirs (or already gone). */
    revoke(userId: string, id: string): boolean {
      return remove.run(id, userId).changes > 0;
    },

    /** Ends the session a cookie names (signing out). */
    revokeSecret(secret: string): void {
      removeBySecret.run(hashSecret(secret));
    },

    /**
     * Whether the session still holds (not signed out, revoked or expired), without noting a
     * use: a long-lived request (the event stream) asks this while it stays open.
     */
    isCurrent(id: string): boolean {
      return live.get(id, now().toISOString()) !== undefined;
    },

    /** Ends every session of a user (their password changed); returns how many there were. */
    revokeAll(userId: string): number {
      return removeOfUser.run(userId).changes;
    },

    /** Removes expired rows; they are already refused, this only keeps the table small. */
    prune(): number {
      return prune.run(now().toISOString()).changes;
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
