import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { statement, updateColumns } from './sql';

const open: Database.Database[] = [];
function memoryDb() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, v INTEGER)');
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describe('statement', () => {
  it('prepares each SQL text once per database', () => {
    const a = memoryDb();
    const b = memoryDb();
    const sql = 'SELECT v FROM t WHERE id = ?';
    expect(statement(a, sql)).toBe(statement(a, sql));
    expect(statement(a, sql)).not.toBe(statement(b, sql));
    expect(statement(a, 'SELECT id FROM t')).not.toBe(statement(a, sql));
  });

  it('runs against the database it was prepared on', () => {
    const a = memoryDb();
    const b = memoryDb();
    statement(a, 'INSERT INTO t (id, v) VALUES (?, ?)').run('x', 1);
    statement(b, 'INSERT INTO t (id, v) VALUES (?, ?)').run('x', 2);
    expect(updateColumns(a, 't', { id: 'x' }, { v: 3 })).toBe(true);
    const read = (db: Database.Database) =>
      statement<[string], { v: number }>(db, 'SELECT v FROM t WHERE id = ?').get('x')?.v;
    expect([read(a), read(b)]).toEqual([3, 2]);
  });
});
