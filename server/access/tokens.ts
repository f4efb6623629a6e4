import {
  accessTokenPrefix,
  type AccessToken,
  type AccessUser,
  type CreatedAccessToken,
} from '../../src/api/contract/access';
import type { SqlExecutor } from '../db/sql-db';
import { hashSecret, randomId, randomSecret } from './secrets';
import type { Clock } from './users';

/** Writing last_used on every request would make each read a write: once a minute is enough. */
const noteUseEveryMs = 60_000;
const dayMs = 24 * 60 * 60_000;

interface TokenRow {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
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
  expires_at: row.expires_at,
});

/**
 * Personal access tokens for scripts: `msat_` + 32 random bytes, shown once at creation and
 * stored hashed. One may expire (chosen at creation); an expired token is refused like a
 * revoked one. Revoking deletes them. Like sessions, every check asks the database, so a token
 * revoked through one replica is refused by all.
 */
export function tokenStore(db: SqlExecutor, now: Clock) {
  const expired = (row: Pick<TokenRow, 'expires_at'>, at: Date) =>
    row.expires_at !== null && Date.parse(row.expires_at) <= at.getTime();

  return {
    /** A new token; `expiresInDays` null or absent: it never expires. */
    async create(
      userId: string,
      name: string,
      expiresInDays?: number | null,
    ): Promise<CreatedAccessToken> {
      const id = randomId();
      const token = accessTokenPrefix + randomSecret();
      const at = now();
      const created = at.toISOString();
      const expires =
        expiresInDays == null ? null : new Date(at.getTime() + expiresInDays * dayMs).toISOString();
      await db.run(
        `INSERT INTO tokens (id, user_id, name, secret_hash, created_at, last_used_at, expires_at)
         VALUES (?, ?, ?, ?, ?, NULL, ?)`,
        [id, userId, name, hashSecret(token), created, expires],
      );
      return { id, name, created_at: created, last_used_at: null, expires_at: expires, token };
    },

    async list(userId: string): Promise<AccessToken[]> {
      const rows = await db.all<TokenRow>(
        `SELECT id, name, created_at, last_used_at, expires_at FROM tokens WHERE user_id = ?
         ORDER BY created_at DESC, id`,
        [userId],
      );
      return rows.map(toAccessToken);
    },

    /** The token's owner, its use noted (once a minute at most); null when unknown, revoked or expired. */
    async verify(token: string): Promise<VerifiedToken | null> {
      if (!token.startsWith(accessTokenPrefix)) return null;
      const row = await db.get<
        TokenRow & { user_id: string; user_name: string; email: string | null }
      >(
        `SELECT t.id, t.name, t.created_at, t.last_used_at, t.expires_at, t.user_id,
           u.name AS user_name, u.email
         FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.secret_hash = ?`,
        [hashSecret(token)],
      );
      const at = now();
      if (!row || expired(row, at)) return null;
      if (
        row.last_used_at === null ||
        at.getTime() - Date.parse(row.last_used_at) >= noteUseEveryMs
      )
        await db.run('UPDATE tokens SET last_used_at = ? WHERE id = ?', [at.toISOString(), row.id]);
      return {
        token: { id: row.id, name: row.name },
        user: { id: row.user_id, name: row.user_name, email: row.email },
      };
    },

    /** Whether the token still works (not revoked, not expired), without noting a use. */
    async isCurrent(id: string): Promise<boolean> {
      const row = await db.get<Pick<TokenRow, 'expires_at'>>(
        'SELECT expires_at FROM tokens WHERE id = ?',
        [id],
      );
      return row !== undefined && !expired(row, now());
    },

    /** Deletes one of the user's tokens; false when it is not theirs (or already gone). */
    async revoke(userId: string, id: string): Promise<boolean> {
      return (
        (await db.run('DELETE FROM tokens WHERE id = ? AND user_id = ?', [id, userId])).changes > 0
      );
    },
  };
}

export type TokenStore = ReturnType<typeof tokenStore>;
