import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../test-support/test-database';
import { numberPlaceholders, openPostgresDb } from './postgres-db';
import type { Migrations, SqlDb } from './sql-db';
import { openSqliteDb } from './sqlite-db';

const migrations: Migrations = {
  component: 'things',
  sqlite: ['CREATE TABLE things (id TEXT PRIMARY KEY, n INTEGER NOT NULL)'],
  postgres: ['CREATE TABLE things (id TEXT PRIMARY KEY, n BIGINT NOT NULL)'],
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const engines: Record<string, () => Promise<SqlDb>> = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-studio-sqldb-'));
    const db = openSqliteDb(join(dir, 'things.sqlite'), migrations);
    cleanups.push(async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return db;
  },
  postgres: async () => {
    const database = await freshPostgresDatabase();
    const db = await openPostgresDb(database.url, migrations, { schema: 'things_schema' });
    cleanups.push(async () => {
      await db.close();
      await database.drop();
    });
    return db;
  },
};

describe.each(Object.keys(engines))('SqlDb on %s', (engine) => {
  const open = engines[engine]!;

  it('reads back what it wrote, with counts as numbers', async () => {
    const db = await open();
    await db.run('INSERT INTO things (id, n) VALUES (?, ?)', ['a', 1]);
    await db.run('INSERT INTO things (id, n) VALUES (?, ?)', ['b', 2]);
    expect(await db.get<{ c: number }>('SELECT count(*) AS c FROM things')).toEqual({ c: 2 });
    expect(await db.all('SELECT id, n FROM things ORDER BY id')).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    expect((await db.run('DELETE FROM things WHERE n > ?', [1])).changes).toBe(1);
  });

  it('rolls a transaction back when its work throws, and commits when it resolves', async () => {
    const db = await open();
    await expect(
      db.transaction(async (tx) => {
        await tx.run('INSERT INTO things (id, n) VALUES (?, ?)', ['x', 1]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.get('SELECT id FROM things WHERE id = ?', ['x'])).toBeUndefined();
    await db.transaction((tx) => tx.run('INSERT INTO things (id, n) VALUES (?, ?)', ['y', 1]));
    expect(await db.get('SELECT id FROM things WHERE id = ?', ['y'])).toEqual({ id: 'y' });
  });

  it('never shows a read from outside a transaction what it has not committed', async () => {
    const db = await open();
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    let goOn!: () => void;
    const proceed = new Promise<void>((resolve) => (goOn = resolve));
    const undone = db.transaction(async (tx) => {
      await tx.run('INSERT INTO things (id, n) VALUES (?, ?)', ['draft', 1]);
      wrote();
      await proceed;
      throw new Error('rolled back');
    });
    await written;
    const seen = db.all('SELECT id FROM things');
    const counted = db.get<{ c: number }>('SELECT count(*) AS c FROM things');
    goOn();
    await expect(undone).rejects.toThrow('rolled back');
    expect(await seen).toEqual([]);
    expect(await counted).toEqual({ c: 0 });
  });

  it('runs transactions started together one after another, none lost', async () => {
    const db = await open();
    await db.run('INSERT INTO things (id, n) VALUES (?, ?)', ['counter', 0]);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const row = await tx.get<{ n: number }>(
            `SELECT n FROM things WHERE id = ?${engine === 'postgres' ? ' FOR UPDATE' : ''}`,
            ['counter'],
          );
          await tx.run('UPDATE things SET n = ? WHERE id = ?', [row!.n + 1, 'counter']);
        }),
      ),
    );
    expect(await db.get('SELECT n FROM things WHERE id = ?', ['counter'])).toEqual({ n: 20 });
  });
});

describe('numberPlaceholders', () => {
  it('numbers each ? outside quotes and leaves quoted ones alone', () => {
    expect(numberPlaceholders('SELECT ? , \'?\' , "a?" , ?')).toBe('SELECT $1 , \'?\' , "a?" , $2');
  });
});

describe('migrations on PostgreSQL', () => {
  it('bring up every replica that starts at once on an empty database', async () => {
    const database = await freshPostgresDatabase();
    cleanups.push(() => database.drop());
    const many = await Promise.all(
      Array.from({ length: 4 }, () =>
        openPostgresDb(database.url, migrations, { schema: 'things_schema', max: 2 }),
      ),
    );
    for (const db of many) {
      await db.run('INSERT INTO things (id, n) VALUES (?, ?) ON CONFLICT DO NOTHING', ['z', 1]);
      await db.close();
    }
  });

  it('refuse a database whose schema is newer than the code', async () => {
    const database = await freshPostgresDatabase();
    cleanups.push(() => database.drop());
    const newer = { ...migrations, postgres: [...migrations.postgres, 'SELECT 1'] };
    await (await openPostgresDb(database.url, newer, { schema: 'things_schema' })).close();
    await expect(
      openPostgresDb(database.url, migrations, { schema: 'things_schema' }),
    ).rejects.toThrow(/schema version 2, newer than this code \(1\)/);
  });
});
