import type { AccessUser } from '../../src/api/contract/access';
import type { AccessDb } from './access-db';
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
export function userStore(db: AccessDb, now: Clock) {
  const upsert = db.prepare<
    [
      {
        id: string;
        issuer: string;
        subject: string;
        name: string;
        email: string | null;
        at: string;
      },
    ],
    UserRow
  >(
    // The provider's name and email may change between sign-ins: the latest wins. The id
    // stays, so history attributed to it stays theirs.
    `INSERT INTO users (id, issuer, subject, name, email, created_at, last_seen_at)
     VALUES (@id, @issuer, @subject, @name, @email, @at, @at)
     ON CONFLICT (issuer, subject) DO UPDATE
       SET name = excluded.name, email = excluded.email, last_seen_at = excluded.last_seen_at
     RETURNING id, name, email`,
  );
  const byId = db.prepare<[string], UserRow>('SELECT id, name, email FROM users WHERE id = ?');

  return {
    /** The user the identity names, created on first sign-in. */
    upsert(identity: VerifiedIdentity): AccessUser {
      const row = upsert.get({
        id: randomId(),
        issuer: identity.issuer,
        subject: identity.subject,
        name: identity.name,
        email: identity.email,
        at: now().toISOString(),
      });
      return toAccessUser(row!);
    },
    get(id: string): AccessUser | null {
      const row = byId.get(id);
      return row ? toAccessUser(row) : null;
    },
  };
}

export type UserStore = ReturnType<typeof userStore>;
