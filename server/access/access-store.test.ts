/** The access store on a real SQLite file, timed by a clock the tests move. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLogger } from '../test-support/gateway-server';
import { openAccessDb, type AccessDb } from './access-db';
import { accessMigrations } from './access-migrations';
import { safeNext } from './next-path';
import { passwordIdentity, passwordMatches } from './password';
import { endSessionsIfPasswordChanged } from './password-change';
import { failureLimiter, failureWindowMs, maxFailures } from './rate-limit';
import { sessionStore } from './sessions';
import { tokenStore } from './tokens';
import { userStore } from './users';

const hour = 60 * 60_000;
const day = 24 * hour;
let dir: string;
let db: AccessDb;
let at: number;
const now = () => new Date(at);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-studio-access-store-'));
  db = openAccessDb(dir);
  at = Date.parse('2026-01-01T00:00:00.000Z');
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const owner = () => userStore(db, now).upsert(passwordIdentity('Owner'));

describe('users', () => {
  it('keeps one row per issuer and subject, with the latest name and email', () => {
    const users = userStore(db, now);
    const first = users.upsert({
      issuer: 'https://id.example',
      subject: 's1',
      name: 'A',
      email: null,
    });
    const again = users.upsert({
      issuer: 'https://id.example',
      subject: 's1',
      name: 'Ann',
      email: 'ann@example.com',
    });
    expect(again).toEqual({ id: first.id, name: 'Ann', email: 'ann@example.com' });
    expect(users.upsert({ issuer: 'other', subject: 's1', name: 'B', email: null }).id).not.toBe(
      first.id,
    );
  });

  it('reopens a migrated file without running migrations again, and has the OIDC table', () => {
    owner();
    db.close();
    db = openAccessDb(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(accessMigrations.length);
    expect(() =>
      db
        .prepare(
          'INSERT INTO sign_in_states (state, code_verifier, nonce, next, created_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run('s', 'v', 'n', '/', now().toISOString()),
    ).not.toThrow();
  });
});

describe('sessions', () => {
  it('stores only a hash of the secret', () => {
    const { secret } = sessionStore(db, now, 24).create(owner().id, 'Firefox');
    const raw = JSON.stringify(db.prepare('SELECT * FROM sessions').all());
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(raw).not.toContain(secret);
  });

  it('ends after the idle time without use, and lives on while used', () => {
    const sessions = sessionStore(db, now, 24);
    const user = owner();
    const { secret } = sessions.create(user.id, null);
    at += 23 * hour;
    expect(sessions.find(secret)?.user).toEqual(user);
    at += 23 * hour; // 46 h after sign-in, 23 h after the last use
    expect(sessions.find(secret)).not.toBeNull();
    at += 24 * hour + 1;
    expect(sessions.find(secret)).toBeNull();
  });

  it('ends 30 days after sign-in however active', () => {
    const sessions = sessionStore(db, now, 24 * 7);
    const { secret } = sessions.create(owner().id, null);
    for (let d = 0; d < 29; d++) {
      at += day;
      expect(sessions.find(secret), `day ${d + 1}`).not.toBeNull();
    }
    at += day - 1;
    expect(sessions.find(secret)).not.toBeNull();
    at += 1;
    expect(sessions.find(secret)).toBeNull();
  });

  it('notes use at most once a minute', () => {
    const sessions = sessionStore(db, now, 24);
    const { secret, id } = sessions.create(owner().id, null);
    const seen = () =>
      (
        db.prepare('SELECT last_seen_at FROM sessions WHERE id = ?').get(id) as {
          last_seen_at: string;
        }
      ).last_seen_at;
    const created = seen();
    at += 30_000;
    sessions.find(secret);
    expect(seen()).toBe(created);
    at += 30_000;
    sessions.find(secret);
    expect(seen()).toBe(now().toISOString());
  });

  it('lists and revokes only the user’s own, and prunes the expired', () => {
    const sessions = sessionStore(db, now, 1);
    const mine = owner();
    const theirs = userStore(db, now).upsert({ issuer: 'x', subject: 'y', name: 'Y', email: null });
    const a = sessions.create(mine.id, 'A');
    const b = sessions.create(theirs.id, 'B');
    expect(sessions.list(mine.id, a.id)).toMatchObject([
      { id: a.id, current: true, user_agent: 'A' },
    ]);
    expect(sessions.revoke(mine.id, b.id)).toBe(false);
    expect(sessions.find(b.secret)).not.toBeNull();
    expect(sessions.revoke(mine.id, a.id)).toBe(true);
    expect(sessions.find(a.secret)).toBeNull();
    at += 2 * hour;
    expect(sessions.prune()).toBe(1);
  });

  it('says whether a session still holds, without noting a use', () => {
    const sessions = sessionStore(db, now, 1);
    const a = sessions.create(owner().id, null);
    const b = sessions.create(owner().id, null);
    at += 30 * 60_000;
    expect(sessions.isCurrent(a.id)).toBe(true);
    sessions.revokeSecret(a.secret);
    expect(sessions.isCurrent(a.id)).toBe(false);
    // Asking is not using: the idle time still runs from sign-in.
    at += 30 * 60_000;
    expect(sessions.isCurrent(b.id)).toBe(false);
    expect(sessions.isCurrent('unknown')).toBe(false);
  });

  it('lists the user’s live sessions newest first, marking only the current one', () => {
    const sessions = sessionStore(db, now, 1);
    const user = owner();
    const a = sessions.create(user.id, 'A');
    at += 1000;
    const b = sessions.create(user.id, `B${'x'.repeat(400)}`);
    at += 1000;
    const c = sessions.create(user.id, null);
    const listed = sessions.list(user.id, b.id);
    expect(listed.map((s) => [s.id, s.current])).toEqual([
      [c.id, false],
      [b.id, true],
      [a.id, false],
    ]);
    // A browser's own description is kept, but only its first 300 characters.
    expect(listed[1]!.user_agent).toBe(`B${'x'.repeat(299)}`);
    expect(listed[0]!.user_agent).toBeNull();
    expect(listed[2]).toEqual({
      id: a.id,
      created_at: new Date(at - 2000).toISOString(),
      last_seen_at: new Date(at - 2000).toISOString(),
      expires_at: new Date(at - 2000 + hour).toISOString(),
      user_agent: 'A',
      current: false,
    });
    // The first to expire drops off the list.
    at += hour - 2000;
    expect(sessions.list(user.id, undefined).map((s) => s.id)).toEqual([c.id, b.id]);
  });
});

describe('tokens', () => {
  it('shows the secret once, keeps its hash, verifies it and notes its use', () => {
    const tokens = tokenStore(db, now);
    const user = owner();
    const created = tokens.create(user.id, 'backup script');
    expect(created.token).toMatch(/^msat_[\w-]{43}$/);
    expect(JSON.stringify(db.prepare('SELECT * FROM tokens').all())).not.toContain(created.token);
    expect(tokens.list(user.id)).toEqual([
      {
        id: created.id,
        name: 'backup script',
        created_at: created.created_at,
        last_used_at: null,
        expires_at: null,
      },
    ]);
    at += hour;
    expect(tokens.verify(created.token)).toEqual({
      token: { id: created.id, name: 'backup script' },
      user,
    });
    expect(tokens.list(user.id)[0]!.last_used_at).toBe(now().toISOString());
    expect(tokens.verify(created.token.replace('msat_', 'xxxx_'))).toBeNull();
  });

  it('revokes only the user’s own; a revoked token no longer verifies', () => {
    const tokens = tokenStore(db, now);
    const user = owner();
    const other = userStore(db, now).upsert({ issuer: 'x', subject: 'y', name: 'Y', email: null });
    const created = tokens.create(user.id, 'ci');
    expect(tokens.revoke(other.id, created.id)).toBe(false);
    expect(tokens.revoke(user.id, created.id)).toBe(true);
    expect(tokens.verify(created.token)).toBeNull();
    expect(tokens.list(user.id)).toEqual([]);
  });

  it('notes use at most once a minute', () => {
    const tokens = tokenStore(db, now);
    const user = owner();
    const created = tokens.create(user.id, 'poller');
    const lastUsed = () => tokens.list(user.id)[0]!.last_used_at;
    tokens.verify(created.token);
    const first = now().toISOString();
    expect(lastUsed()).toBe(first);
    at += 30_000;
    tokens.verify(created.token);
    expect(lastUsed()).toBe(first);
    at += 30_000;
    tokens.verify(created.token);
    expect(lastUsed()).toBe(now().toISOString());
  });

  it('expires after the days chosen at creation, and never without', () => {
    const tokens = tokenStore(db, now);
    const user = owner();
    const month = tokens.create(user.id, 'month', 30);
    const forever = tokens.create(user.id, 'forever', null);
    expect(month.expires_at).toBe(new Date(at + 30 * day).toISOString());
    expect(forever.expires_at).toBeNull();
    at += 30 * day - 1;
    expect(tokens.verify(month.token)).not.toBeNull();
    expect(tokens.isCurrent(month.id)).toBe(true);
    at += 1;
    expect(tokens.verify(month.token)).toBeNull();
    expect(tokens.isCurrent(month.id)).toBe(false);
    at += 3650 * day;
    expect(tokens.verify(forever.token)).not.toBeNull();
    expect(tokens.isCurrent(forever.id)).toBe(true);
    tokens.revoke(user.id, forever.id);
    expect(tokens.isCurrent(forever.id)).toBe(false);
  });
});

describe('a change of GATEWAY_PASSWORD', () => {
  const check = (password: string, logger = captureLogger()) =>
    endSessionsIfPasswordChanged({ db, password, sessions: sessionStore(db, now, 24), logger });

  it('ends the owner’s sessions, keeps their tokens, and says so', () => {
    const sessions = sessionStore(db, now, 24);
    const user = owner();
    const other = userStore(db, now).upsert({ issuer: 'x', subject: 'y', name: 'Y', email: null });
    // The first start with a fingerprint has nothing to compare with: nobody is signed out.
    expect(check('first password here')).toBe(0);
    const a = sessions.create(user.id, null);
    const b = sessions.create(other.id, null);
    const token = tokenStore(db, now).create(user.id, 'script');
    expect(check('first password here')).toBe(0);
    expect(sessions.find(a.secret)).not.toBeNull();

    const logger = captureLogger();
    expect(check('second password here', logger)).toBe(1);
    expect(sessions.find(a.secret)).toBeNull();
    expect(sessions.find(b.secret)).not.toBeNull();
    expect(tokenStore(db, now).verify(token.token)).not.toBeNull();
    expect(logger.lines).toEqual([
      expect.stringMatching(/^warn GATEWAY_PASSWORD changed.*"sessions":1/),
    ]);
    // The new password is now the known one.
    const c = sessions.create(user.id, null);
    expect(check('second password here')).toBe(0);
    expect(sessions.find(c.secret)).not.toBeNull();
  });

  it('keeps a fingerprint, never the password', () => {
    check('first password here');
    const raw = JSON.stringify(db.prepare('SELECT * FROM meta').all());
    expect(raw).toMatch(/scrypt:/);
    expect(raw).not.toContain('first password here');
  });
});

describe('password, next and the failure limit', () => {
  it('compares passwords of any length', () => {
    expect(passwordMatches('correct horse battery', 'correct horse battery')).toBe(true);
    expect(passwordMatches('correct horse', 'correct horse battery')).toBe(false);
    expect(passwordMatches('', 'correct horse battery')).toBe(false);
  });

  it('keeps next on this site', () => {
    expect(safeNext('/jobs?kind=image#x')).toBe('/jobs?kind=image#x');
    for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example', '/\tx', '', 7])
      expect(safeNext(next), String(next)).toBe('/');
  });

  it('keeps a next of up to 2000 characters, and drops a longer one', () => {
    const longest = `/jobs?q=${'a'.repeat(2000 - '/jobs?q='.length)}`;
    expect(longest).toHaveLength(2000);
    expect(safeNext(longest)).toBe(longest);
    expect(safeNext(`${longest}a`)).toBe('/');
  });

  it('allows ten failures per quarter hour per address, then says when to retry', () => {
    const limiter = failureLimiter(now);
    for (let i = 0; i < maxFailures; i++) {
      expect(limiter.retryAfter('10.0.0.1')).toBe(0);
      limiter.fail('10.0.0.1');
      at += 1000;
    }
    expect(limiter.retryAfter('10.0.0.1')).toBe(15 * 60 - 10);
    expect(limiter.retryAfter('10.0.0.2')).toBe(0);
    at += 15 * 60_000;
    expect(limiter.retryAfter('10.0.0.1')).toBe(0);
  });

  it('frees an address exactly a quarter hour after its failures, rounding the wait up', () => {
    const limiter = failureLimiter(now);
    for (let i = 0; i < maxFailures; i++) limiter.fail('10.0.0.1');
    at += failureWindowMs - 1500;
    expect(limiter.retryAfter('10.0.0.1')).toBe(2);
    at += 1499;
    expect(limiter.retryAfter('10.0.0.1')).toBe(1);
    at += 1;
    expect(limiter.retryAfter('10.0.0.1')).toBe(0);
    // Its old failures are gone: it has ten fresh tries.
    for (let i = 0; i < maxFailures - 1; i++) limiter.fail('10.0.0.1');
    expect(limiter.retryAfter('10.0.0.1')).toBe(0);
  });

  it('under a flood of addresses, forgets the one whose last failure is the oldest', () => {
    const limiter = failureLimiter(now);
    const flood = (from: number, count: number) => {
      for (let i = from; i < from + count; i++)
        limiter.fail(`198.18.${Math.floor(i / 256)}.${i % 256}`);
    };
    for (let i = 0; i < maxFailures - 1; i++) limiter.fail('10.0.0.1');
    for (let i = 0; i < maxFailures; i++) limiter.fail('10.0.0.2');
    // 10.0.0.1 fails again after 10.0.0.2: it is now the more recent of the two.
    limiter.fail('10.0.0.1');
    // With the two, 10 000 addresses are remembered: nobody is forgotten yet.
    flood(0, 10_000 - 2);
    expect(limiter.retryAfter('10.0.0.1')).toBeGreaterThan(0);
    expect(limiter.retryAfter('10.0.0.2')).toBeGreaterThan(0);
    // One more, and the least recently failed is forgotten.
    flood(10_000 - 2, 1);
    expect(limiter.retryAfter('10.0.0.2')).toBe(0);
    expect(limiter.retryAfter('10.0.0.1')).toBeGreaterThan(0);
  });
});
