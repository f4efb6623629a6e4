/**
 * The access store on each engine (a real SQLite file, a real PostgreSQL), timed by a clock the
 * tests move.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDb } from '../db/sqlite-db';
import {
  accessEngines,
  testAccessDatabase,
  type TestAccessDatabase,
} from '../test-support/access-database';
import { captureLogger } from '../test-support/gateway-server';
import type { AccessDb } from './access-db';
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
let at: number;
const now = () => new Date(at);

describe.each(accessEngines)('the access store on %s', (engine) => {
  let database: TestAccessDatabase;
  let db: AccessDb;

  beforeEach(async () => {
    database = await testAccessDatabase(engine);
    db = await database.open();
    at = Date.parse('2026-01-01T00:00:00.000Z');
  });

  afterEach(() => database.remove());

  const owner = () => userStore(db, now).upsert(passwordIdentity('Owner'));
  const other = () =>
    userStore(db, now).upsert({ issuer: 'x', subject: 'y', name: 'Y', email: null });

  describe('users', () => {
    it('keeps one row per issuer and subject, with the latest name and email', async () => {
      const users = userStore(db, now);
      const first = await users.upsert({
        issuer: 'https://id.example',
        subject: 's1',
        name: 'A',
        email: null,
      });
      const again = await users.upsert({
        issuer: 'https://id.example',
        subject: 's1',
        name: 'Ann',
        email: 'ann@example.com',
      });
      expect(again).toEqual({ id: first.id, name: 'Ann', email: 'ann@example.com' });
      expect(
        (await users.upsert({ issuer: 'other', subject: 's1', name: 'B', email: null })).id,
      ).not.toBe(first.id);
    });

    it('reopens a migrated database without running migrations again, and has the OIDC table', async () => {
      const user = await owner();
      await db.close();
      db = await database.open();
      const version =
        db.dialect === 'sqlite'
          ? await db.get<{ v: number }>('SELECT user_version AS v FROM pragma_user_version')
          : await db.get<{ v: number }>(
              'SELECT version AS v FROM schema_version WHERE component = ?',
              [accessMigrations.component],
            );
      expect(version?.v).toBe(accessMigrations[engine].length);
      expect(await userStore(db, now).get(user.id)).toEqual(user);
      await expect(
        db.run(
          'INSERT INTO sign_in_states (state, code_verifier, nonce, next, created_at) VALUES (?, ?, ?, ?, ?)',
          ['s', 'v', 'n', '/', now().toISOString()],
        ),
      ).resolves.toEqual({ changes: 1 });
    });
  });

  describe('sessions', () => {
    it('stores only a hash of the secret', async () => {
      const { secret } = await sessionStore(db, now, 24).create((await owner()).id, 'Firefox');
      const raw = JSON.stringify(await db.all('SELECT * FROM sessions'));
      expect(secret).toMatch(/^[\w-]{43}$/);
      expect(raw).not.toContain(secret);
    });

    it('ends after the idle time without use, and lives on while used', async () => {
      const sessions = sessionStore(db, now, 24);
      const user = await owner();
      const { secret } = await sessions.create(user.id, null);
      at += 23 * hour;
      expect((await sessions.find(secret))?.user).toEqual(user);
      at += 23 * hour; // 46 h after sign-in, 23 h after the last use
      expect(await sessions.find(secret)).not.toBeNull();
      at += 24 * hour + 1;
      expect(await sessions.find(secret)).toBeNull();
    });

    it('ends 30 days after sign-in however active', async () => {
      const sessions = sessionStore(db, now, 24 * 7);
      const { secret } = await sessions.create((await owner()).id, null);
      for (let d = 0; d < 29; d++) {
        at += day;
        expect(await sessions.find(secret), `day ${d + 1}`).not.toBeNull();
      }
      at += day - 1;
      expect(await sessions.find(secret)).not.toBeNull();
      at += 1;
      expect(await sessions.find(secret)).toBeNull();
    });

    it('notes use at most once a minute', async () => {
      const sessions = sessionStore(db, now, 24);
      const { secret, id } = await sessions.create((await owner()).id, null);
      const seen = async () =>
        (await db.get<{ last_seen_at: string }>('SELECT last_seen_at FROM sessions WHERE id = ?', [
          id,
        ]))!.last_seen_at;
      const created = await seen();
      at += 30_000;
      await sessions.find(secret);
      expect(await seen()).toBe(created);
      at += 30_000;
      await sessions.find(secret);
      expect(await seen()).toBe(now().toISOString());
    });

    it('lists and revokes only the user’s own, and prunes the expired', async () => {
      const sessions = sessionStore(db, now, 1);
      const mine = await owner();
      const theirs = await other();
      const a = await sessions.create(mine.id, 'A');
      const b = await sessions.create(theirs.id, 'B');
      expect(await sessions.list(mine.id, a.id)).toMatchObject([
        { id: a.id, current: true, user_agent: 'A' },
      ]);
      expect(await sessions.revoke(mine.id, b.id)).toBe(false);
      expect(await sessions.find(b.secret)).not.toBeNull();
      expect(await sessions.revoke(mine.id, a.id)).toBe(true);
      expect(await sessions.find(a.secret)).toBeNull();
      at += 2 * hour;
      expect(await sessions.prune()).toBe(1);
    });

    it('says whether a session still holds, without noting a use', async () => {
      const sessions = sessionStore(db, now, 1);
      const a = await sessions.create((await owner()).id, null);
      const b = await sessions.create((await owner()).id, null);
      at += 30 * 60_000;
      expect(await sessions.isCurrent(a.id)).toBe(true);
      await sessions.revokeSecret(a.secret);
      expect(await sessions.isCurrent(a.id)).toBe(false);
      // Asking is not using: the idle time still runs from sign-in.
      at += 30 * 60_000;
      expect(await sessions.isCurrent(b.id)).toBe(false);
      expect(await sessions.isCurrent('unknown')).toBe(false);
    });

    it('lists the user’s live sessions newest first, marking only the current one', async () => {
      const sessions = sessionStore(db, now, 1);
      const user = await owner();
      const a = await sessions.create(user.id, 'A');
      at += 1000;
      const b = await sessions.create(user.id, `B${'x'.repeat(400)}`);
      at += 1000;
      const c = await sessions.create(user.id, null);
      const listed = await sessions.list(user.id, b.id);
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
      expect((await sessions.list(user.id, undefined)).map((s) => s.id)).toEqual([c.id, b.id]);
    });

    it('go with their user', async () => {
      const sessions = sessionStore(db, now, 1);
      const user = await owner();
      const { secret } = await sessions.create(user.id, null);
      const token = await tokenStore(db, now).create(user.id, 'script');
      await db.run('DELETE FROM users WHERE id = ?', [user.id]);
      expect(await sessions.find(secret)).toBeNull();
      expect(await tokenStore(db, now).verify(token.token)).toBeNull();
      expect(await db.all('SELECT id FROM sessions')).toEqual([]);
      expect(await db.all('SELECT id FROM tokens')).toEqual([]);
    });
  });

  describe('tokens', () => {
    it('shows the secret once, keeps its hash, verifies it and notes its use', async () => {
      const tokens = tokenStore(db, now);
      const user = await owner();
      const created = await tokens.create(user.id, 'backup script');
      expect(created.token).toMatch(/^msat_[\w-]{43}$/);
      expect(JSON.stringify(await db.all('SELECT * FROM tokens'))).not.toContain(created.token);
      expect(await tokens.list(user.id)).toEqual([
        {
          id: created.id,
          name: 'backup script',
          created_at: created.created_at,
          last_used_at: null,
          expires_at: null,
        },
      ]);
      at += hour;
      expect(await tokens.verify(created.token)).toEqual({
        token: { id: created.id, name: 'backup script' },
        user,
      });
      expect((await tokens.list(user.id))[0]!.last_used_at).toBe(now().toISOString());
      expect(await tokens.verify(created.token.replace('msat_', 'xxxx_'))).toBeNull();
    });

    it('revokes only the user’s own; a revoked token no longer verifies', async () => {
      const tokens = tokenStore(db, now);
      const user = await owner();
      const someone = await other();
      const created = await tokens.create(user.id, 'ci');
      expect(await tokens.revoke(someone.id, created.id)).toBe(false);
      expect(await tokens.revoke(user.id, created.id)).toBe(true);
      expect(await tokens.verify(created.token)).toBeNull();
      expect(await tokens.list(user.id)).toEqual([]);
    });

    it('notes use at most once a minute', async () => {
      const tokens = tokenStore(db, now);
      const user = await owner();
      const created = await tokens.create(user.id, 'poller');
      const lastUsed = async () => (await tokens.list(user.id))[0]!.last_used_at;
      await tokens.verify(created.token);
      const first = now().toISOString();
      expect(await lastUsed()).toBe(first);
      at += 30_000;
      await tokens.verify(created.token);
      expect(await lastUsed()).toBe(first);
      at += 30_000;
      await tokens.verify(created.token);
      expect(await lastUsed()).toBe(now().toISOString());
    });

    it('expires after the days chosen at creation, and never without', async () => {
      const tokens = tokenStore(db, now);
      const user = await owner();
      const month = await tokens.create(user.id, 'month', 30);
      const forever = await tokens.create(user.id, 'forever', null);
      expect(month.expires_at).toBe(new Date(at + 30 * day).toISOString());
      expect(forever.expires_at).toBeNull();
      at += 30 * day - 1;
      expect(await tokens.verify(month.token)).not.toBeNull();
      expect(await tokens.isCurrent(month.id)).toBe(true);
      at += 1;
      expect(await tokens.verify(month.token)).toBeNull();
      expect(await tokens.isCurrent(month.id)).toBe(false);
      at += 3650 * day;
      expect(await tokens.verify(forever.token)).not.toBeNull();
      expect(await tokens.isCurrent(forever.id)).toBe(true);
      await tokens.revoke(user.id, forever.id);
      expect(await tokens.isCurrent(forever.id)).toBe(false);
    });
  });

  describe('a change of GATEWAY_PASSWORD', () => {
    const check = (password: string, logger = captureLogger()) =>
      endSessionsIfPasswordChanged({ db, password, sessions: sessionStore(db, now, 24), logger });

    it('ends the owner’s sessions, keeps their tokens, and says so', async () => {
      const sessions = sessionStore(db, now, 24);
      const user = await owner();
      const someone = await other();
      // The first start with a fingerprint has nothing to compare with: nobody is signed out.
      expect(await check('first password here')).toBe(0);
      const a = await sessions.create(user.id, null);
      const b = await sessions.create(someone.id, null);
      const token = await tokenStore(db, now).create(user.id, 'script');
      expect(await check('first password here')).toBe(0);
      expect(await sessions.find(a.secret)).not.toBeNull();

      const logger = captureLogger();
      expect(await check('second password here', logger)).toBe(1);
      expect(await sessions.find(a.secret)).toBeNull();
      expect(await sessions.find(b.secret)).not.toBeNull();
      expect(await tokenStore(db, now).verify(token.token)).not.toBeNull();
      expect(logger.lines).toEqual([
        expect.stringMatching(/^warn GATEWAY_PASSWORD changed.*"sessions":1/),
      ]);
      // The new password is now the known one.
      const c = await sessions.create(user.id, null);
      expect(await check('second password here')).toBe(0);
      expect(await sessions.find(c.secret)).not.toBeNull();
    });

    it('keeps a fingerprint, never the password', async () => {
      await check('first password here');
      const raw = JSON.stringify(await db.all('SELECT * FROM meta'));
      expect(raw).toMatch(/scrypt:/);
      expect(raw).not.toContain('first password here');
    });
  });

  describe('the failure limit', () => {
    it('allows ten failures per quarter hour per address, then says when to retry', async () => {
      const limiter = failureLimiter(db, now);
      for (let i = 0; i < maxFailures; i++) {
        expect(await limiter.retryAfter('10.0.0.1')).toBe(0);
        await limiter.fail('10.0.0.1');
        at += 1000;
      }
      expect(await limiter.retryAfter('10.0.0.1')).toBe(15 * 60 - 10);
      expect(await limiter.retryAfter('10.0.0.2')).toBe(0);
      at += 15 * 60_000;
      expect(await limiter.retryAfter('10.0.0.1')).toBe(0);
    });

    it('frees an address exactly a quarter hour after its failures, rounding the wait up', async () => {
      const limiter = failureLimiter(db, now);
      for (let i = 0; i < maxFailures; i++) await limiter.fail('10.0.0.1');
      at += failureWindowMs - 1500;
      expect(await limiter.retryAfter('10.0.0.1')).toBe(2);
      at += 1499;
      expect(await limiter.retryAfter('10.0.0.1')).toBe(1);
      at += 1;
      expect(await limiter.retryAfter('10.0.0.1')).toBe(0);
      // Its old failures are gone: it has ten fresh tries.
      for (let i = 0; i < maxFailures - 1; i++) await limiter.fail('10.0.0.1');
      expect(await limiter.retryAfter('10.0.0.1')).toBe(0);
    });

    it('counts an IPv6 client by its /64, and every failure of a burst', async () => {
      const limiter = failureLimiter(db, now);
      await Promise.all(
        Array.from({ length: maxFailures }, (_, i) => limiter.fail(`2001:db8:1:2::${i + 1}`)),
      );
      expect(await limiter.retryAfter('2001:db8:1:2::ffff')).toBe(15 * 60);
      expect(await limiter.retryAfter('2001:db8:1:3::1')).toBe(0);
    });

    it('keeps no failure past the window', async () => {
      const limiter = failureLimiter(db, now);
      for (let i = 0; i < 3; i++) await limiter.fail(`10.0.0.${i}`);
      at += failureWindowMs;
      await limiter.fail('10.0.0.9');
      expect(await db.all('SELECT address_key FROM sign_in_failures')).toEqual([
        { address_key: '10.0.0.9' },
      ]);
    });

    it('under a flood, forgets the oldest failures first, and only past its bound', async () => {
      const maxKept = 3 * maxFailures;
      const limiter = failureLimiter(db, now, { maxKept });
      const flood = async (from: number, count: number) => {
        for (let i = from; i < from + count; i++) await limiter.fail(`198.18.0.${i}`);
      };
      for (let i = 0; i < maxFailures; i++) await limiter.fail('10.0.0.1');
      await flood(0, maxKept - maxFailures);
      // As many failures as it keeps: nobody is forgotten yet.
      expect(await limiter.retryAfter('10.0.0.1')).toBeGreaterThan(0);
      // One more, and the oldest failure goes: 10.0.0.1 has nine left.
      await flood(maxKept - maxFailures, 1);
      expect(await limiter.retryAfter('10.0.0.1')).toBe(0);
      expect(await db.get('SELECT count(*) AS n FROM sign_in_failures')).toEqual({ n: maxKept });
    });

    it('lets ten attempts be judged per quarter hour, counting each before its outcome is known', async () => {
      const limiter = failureLimiter(db, now);
      for (let i = 0; i < maxFailures; i++) {
        const outcome = await limiter.attempt('10.0.0.1');
        expect(outcome.allowed, `attempt ${i + 1}`).toBe(true);
        at += 1000;
      }
      expect(await limiter.attempt('10.0.0.1')).toEqual({
        allowed: false,
        retryAfter: 15 * 60 - 10,
      });
      expect((await limiter.attempt('10.0.0.2')).allowed).toBe(true);
      at += 15 * 60_000;
      expect((await limiter.attempt('10.0.0.1')).allowed).toBe(true);
    });

    it('no longer counts an attempt that signed in, and keeps counting one that failed', async () => {
      const limiter = failureLimiter(db, now);
      const judged = async () => {
        const outcome = await limiter.attempt('10.0.0.1');
        if (!outcome.allowed) throw new Error(`refused for ${outcome.retryAfter} s`);
        return outcome.attempt;
      };
      for (let i = 0; i < maxFailures - 1; i++) await (await judged()).failed();
      await (await judged()).forget();
      expect(await limiter.retryAfter('10.0.0.1')).toBe(0);
      await (await judged()).failed();
      expect(await limiter.retryAfter('10.0.0.1')).toBe(15 * 60);
    });

    it('forgets failures past the window when an attempt fails', async () => {
      const limiter = failureLimiter(db, now);
      await limiter.fail('10.0.0.9');
      at += failureWindowMs;
      const outcome = await limiter.attempt('10.0.0.1');
      if (!outcome.allowed) throw new Error('a first attempt is judged');
      await outcome.attempt.failed();
      expect(await db.all('SELECT address_key FROM sign_in_failures')).toEqual([
        { address_key: '10.0.0.1' },
      ]);
    });

    it('judges no more than ten of a burst of attempts sent at once, to two replicas on PostgreSQL', async () => {
      // SQLite has one process writing: its replica is the same database handle.
      const replica = engine === 'postgres' ? await database.open() : db;
      const limiters = [failureLimiter(db, now), failureLimiter(replica, now)];
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, i) => limiters[i % 2]!.attempt('10.0.0.1')),
      );
      expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(maxFailures);
      expect(await limiters[1]!.retryAfter('10.0.0.1')).toBe(15 * 60);
    });
  });
});

describe('an access.sqlite from before', () => {
  it('keeps its users and sessions, and gains what came since', async () => {
    const database = await testAccessDatabase('sqlite');
    at = Date.parse('2026-01-01T00:00:00.000Z');
    try {
      if (database.storage.engine !== 'sqlite') throw new Error('a SQLite data dir');
      // The schema as the last release shipped it: the first four migrations.
      const before = openSqliteDb(join(database.storage.dataDir, 'access.sqlite'), {
        ...accessMigrations,
        sqlite: accessMigrations.sqlite.slice(0, 4),
      });
      const user = await userStore(before, now).upsert(passwordIdentity('Owner'));
      const { secret } = await sessionStore(before, now, 24).create(user.id, null);
      await before.close();

      const db = await database.open();
      expect(await db.get('SELECT user_version AS v FROM pragma_user_version')).toEqual({
        v: accessMigrations.sqlite.length,
      });
      expect((await sessionStore(db, now, 24).find(secret))?.user).toEqual(user);
      const limiter = failureLimiter(db, now);
      for (let i = 0; i < maxFailures; i++) await limiter.fail('10.0.0.1');
      expect(await limiter.retryAfter('10.0.0.1')).toBeGreaterThan(0);
    } finally {
      await database.remove();
    }
  });
});

describe('password and next', () => {
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
});
