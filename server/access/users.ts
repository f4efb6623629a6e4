import type { AccessUser } from '../../src/api/contract/access';
import type { SqlExecutor } from '../db/sql-db';
import { randomId } from './secrets';
import type { VerifiedIdentity } from './types';

export type Clock = () => Date;

interface UserRow {
  id: string;
  name: string;
  email: string | null;
}

export const toAccessUser = (row: UserRow): AccessUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
});

/** People who have signed in, one row per (issuer, subject). */
export function userStore(db: SqlExecutor, now: Clock) {
  return {
    /** The user the identity names, created on first sign-in. */
    async upsert(identity: VerifiedIdentity): Promise<AccessUser> {
      const at = now().toISOString();
      // The provider's name and email may change between sign-ins: the latest wins. The id
      // stays, so history attributed to it stays theirs.
      await db.run(
        `INSERT INTO users (id, issuer, subject, name, email, created_at, last_seen_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (issuer, subject) DO UPDATE
           SET name = excluded.name, email = excluded.email, last_seen_at = excluded.last_seen_at`,
        [randomId(), identity.issuer, identity.subject, identity.name, identity.email, at, at],
      );
      // Written by `run` (not RETURNING through `get`), which on SQLite waits for a transaction
      // under way; users are never deleted, so the row is there to read.
      const row = await db.get<UserRow>(
        'SELECT id, name, email FROM users WHERE issuer = ? AND subject = ?',
        [identity.issuer, identity.subject],
      );
      return toAccessUser(row!);
    },
    async get(id: string): Promise<AccessUser | null> {
      const row = await db.get<UserRow>('SELECT id, name, email FROM users WHERE id = ?', [id]);
      return row ? toAccessUser(row) : null;
    },
  };
}

export type UserStore = ReturnType<typeof userStore>;
