import {
  accessTokenPrefix,
  type AccessToken,
  type AccessUser,
  type CreatedAccessToken,
} from '../../src/api/contract/access';
import type { AccessDb } from './access-db';
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
 * revoked one. Revoking deletes them.
 */
export function tokenStore(db: AccessDb, now: Clock) {
  const insert = db.prepare(
    `INSERT INTO tokens (id, user_id, name, secret_hash, created_at, last_used_at, expires_at)
     VALUES (?, ?, ?, ?, ?, NULL, ?)`,
  );
  const ofUser = db.prepare<[string], TokenRow>(
    `SELECT id, name, created_at, last_used_at, expires_at FROM tokens WHERE user_id = ?
     ORDER BY created_at DESC, id`,
  );
  const bySecret = db.prepare<
    [string],
    TokenRow & { user_id: string; user_name: string; email: string | null }
  >(
    `SELECT t.id, t.name, t.created_at, t.last_used_at, t.expires_at, t.user_id,
       u.name AS user_name, u.email
     FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.secret_hash = ?`,
  );
  const byId = db.prepare<[string], Pick<TokenRow, 'expires_at'>>(
    'SELECT expires_at FROM tokens WHERE id = ?',
  );
  const used = db.prepare('UPDATE tokens SET last_used_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM tokens WHERE id = ? AND user_id = ?');

  const expired = (row: Pick<TokenRow, 'expires_at'>, at: Date) =>
    row.expires_at !== null && Date.parse(row.expires_at) <= at.getTime();

  return {
    /** A new token; `expiresInDays` null or absent: it never expires. */
    create(userId: string, name: string, expiresInDays?: number | null): CreatedAccessToken {
      const id = randomId();
      const token = accessTokenPrefix + randomSecret();
      const at = now();
      const created = at.toISOString();
      const expires =
        expiresInDays == null ? null : new Date(at.getTime() + expiresInDays * dayMs).toISOString();
      insert.run(id, userId, name, hashSecret(token), created, expires);
      return { id, name, created_at: created, last_used_at: null, expires_at: expires, token };
    },

    list(userId: string): AccessToken[] {
      return ofUser.all(userId).map(toAccessToken);
    },

    /** The token's owner, its use noted (once a minute at most); null when unknown, revoked or expired. */
    verify(token: string): VerifiedToken | null {
      if (!token.startsWith(accessTokenPrefix)) return null;
      const row = bySecret.get(hashSecret(token));
      const at = now();
      if (!row || expired(row, at)) return null;
      if (
        row.last_used_at === null ||
        at.getTime() - Date.parse(row.last_used_at) >= noteUseEveryMs
      )
        used.run(at.toISOString(), row.id);
      return {
        token: { id: row.id, name: row.name },
        user: { id: row.user_id, name: row.user_name, email: row.email },
      };
    },

    /** Whether the token still works (not revoked, not expired), without noting a use. */
    isCurrent(id: string): boolean {
      const row = byId.get(id);
      return row !== undefined && !expired(row, now());
    },

    /** Deletes one of the user's tokens; false when it is not theirs (or already gone). */
    revoke(userId: string, id: string): boolean {
      return remove.run(id, userId).changes > 0;
    },
  };
}

export type TokenStore = ReturnType<typeof tokenStore>;
