import {
  accessTokenPrefix,
  type AccessToken,
  type AccessUser,
  type CreatedAccessToken,
} from '../../src/api/contract/access';
import type { AccessDb } from './access-db';
import { hashSecret, randomId, randomSecret } from './secrets';
import type { Clock } from './users';

interface TokenRow {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface VerifiedToken {
  token: { id: string; name: string };
  user: AccessUser;
}

const toAccessToken = (row: TokenRow): AccessToken => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
});

/**
 * Personal access tokens for scripts: `msat_` + 32 random bytes, shown once at creation and
 * stored hashed. They do not expire; revoking deletes them.
 */
export function tokenStore(db: AccessDb, now: Clock) {
  const insert = db.prepare(
    `INSERT INTO tokens (id, user_id, name, secret_hash, created_at, last_used_at)
     VALUES (?, ?, ?, ?, ?, NULL)`,
  );
  const ofUser = db.prepare<[string], TokenRow>(
    'SELECT id, name, created_at, last_used_at FROM tokens WHERE user_id = ? ORDER BY created_at DESC, id',
  );
  const bySecret = db.prepare<
    [string],
    TokenRow & { user_id: string; user_name: string; email: string | null }
  >(
    `SELECT t.id, t.name, t.created_at, t.last_used_at, t.user_id, u.name AS user_name, u.email
     FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.secret_hash = ?`,
  );
  const used = db.prepare('UPDATE tokens SET last_used_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM tokens WHERE id = ? AND user_id = ?');

  return {
    create(userId: string, name: string): CreatedAccessToken {
      const id = randomId();
      const token = accessTokenPrefix + randomSecret();
      const created = now().toISOString();
      insert.run(id, userId, name, hashSecret(token), created);
      return { id, name, created_at: created, last_used_at: null, token };
    },

    list(userId: string): AccessToken[] {
      return ofUser.all(userId).map(toAccessToken);
    },

    /** The token's owner, its use noted; null when unknown or revoked. */
    verify(token: string): VerifiedToken | null {
      if (!token.startsWith(accessTokenPrefix)) return null;
      const row = bySecret.get(hashSecret(token));
      if (!row) return null;
      used.run(now().toISOString(), row.id);
      return {
        token: { id: row.id, name: row.name },
        user: { id: row.user_id, name: row.user_name, email: row.email },
      };
    },

    /** Deletes one of the user's tokens; false when it is not theirs (or already gone). */
    revoke(userId: string, id: string): boolean {
      return remove.run(id, userId).changes > 0;
    },
  };
}

export type TokenStore = ReturnType<typeof tokenStore>;
