import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from './database';
import { migrations } from './migrations';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-emulator-db-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const tables = [
  'catalog_assets',
  'custom_voices',
  'files',
  'generations',
  'idempotency',
  'media',
  'sandboxes',
  'speech_tasks',
  'training_jobs',
  'voice_usage',
];

describe('openDatabase', () => {
  it('creates emulator.sqlite with WAL, foreign keys, a busy timeout and the whole schema', () => {
    const db = openDatabase(dir);
    try {
      expect(db.name).toBe(join(dir, 'emulator.sqlite'));
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      const names = db
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
        )
        .all()
        .map((row) => row.name);
      expect(names).toEqual(tables);
    } finally {
      db.close();
    }
  });

  it('enforces foreign keys (a file must point at stored media)', () => {
    const db = openDatabase(dir);
    try {
      expect(() =>
        db
          .prepare(
            `INSERT INTO files (file_id, owner, stack, filename, size, purpose, content_type, media_id, created_at)
             VALUES ('f', 'o', '', 'a', 1, 'general', 'text/plain', 'missing', 'now')`,
          )
          .run(),
      ).toThrow(/FOREIGN KEY/);
    } finally {
      db.close();
    }
  });
});

describe('migrate', () => {
  it('runs only the migrations newer than user_version, in order', () => {
    const db = new Database(':memory:');
    migrate(db, ['CREATE TABLE a (x)']);
    migrate(db, ['CREATE TABLE a (x)', 'CREATE TABLE b (y)', 'INSERT INTO b VALUES (2)']);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    expect(db.prepare('SELECT y FROM b').pluck().get()).toBe(2);
    db.close();
  });

  it('leaves the version unchanged when a migration fails', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, ['CREATE TABLE a (x)', 'CREATE TABLE a (x)'])).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    db.close();
  });

  it('refuses a database from newer code, saying what to do', () => {
    const db = new Database(':memory:');
    db.pragma('user_version = 99');
    expect(() => migrate(db, ['SELECT 1'])).toThrow(
      /schema version 99, newer than this code \(1\)/,
    );
    db.close();
  });
});
