import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Logger } from '../logger';
import type { SqlExecutor } from '../db/sql-db';
import { passwordIdentity } from './password';
import type { SessionStore } from './sessions';

const fingerprintKey = 'password_fingerprint';

/**
 * A fingerprint of the password, never the password: scrypt with a random salt, so a copy of
 * the access database neither shows it nor lets one test guesses against it cheaply.
 */
function fingerprint(password: string, salt: Buffer): string {
  return `scrypt:${salt.toString('base64url')}:${scryptSync(password, salt, 32).toString('base64url')}`;
}

function sameFingerprint(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split(':');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const given = scryptSync(password, Buffer.from(salt, 'base64url'), expected.length);
  return expected.length > 0 && timingSafeEqual(given, expected);
}

/**
 * At start in password mode: when GATEWAY_PASSWORD is not the one the sessions were signed in
 * with, they end. Changing the password is how one locks out whoever learnt the old one, so
 * their cookies must not outlive it. Tokens stay: they are credentials of their own, revoked
 * in Settings. Returns how many sessions ended.
 */
export async function endSessionsIfPasswordChanged(deps: {
  db: SqlExecutor;
  password: string;
  sessions: SessionStore;
  logger: Logger;
}): Promise<number> {
  const { db, password, sessions, logger } = deps;
  const stored = await db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [
    fingerprintKey,
  ]);
  if (stored && sameFingerprint(password, stored.value)) return 0;

  const identity = passwordIdentity('');
  const owner = await db.get<{ id: string }>(
    'SELECT id FROM users WHERE issuer = ? AND subject = ?',
    [identity.issuer, identity.subject],
  );
  // With no fingerprint yet (the first start with one) there is no telling: sessions stay.
  const ended = stored && owner ? await sessions.revokeAll(owner.id) : 0;
  await db.run(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    [fingerprintKey, fingerprint(password, randomBytes(16))],
  );
  if (stored)
    logger.warn('GATEWAY_PASSWORD changed: its sessions were signed out', { sessions: ended });
  return ended;
}
