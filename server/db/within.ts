import type { SqlDb, SqlExecutor } from './sql-db';

/**
 * A database whose transactions all run inside the one `tx` belongs to: a store built on it
 * writes many changes in a single commit (a seeded history, a log filled past its trim). It
 * closes nothing: the database that opened `tx` does.
 */
export function within(tx: SqlExecutor): SqlDb {
  return {
    dialect: tx.dialect,
    all: (sql, params) => tx.all(sql, params),
    get: (sql, params) => tx.get(sql, params),
    run: (sql, params) => tx.run(sql, params),
    transaction: (work) => work(tx),
    ping: async () => undefined,
    close: async () => undefined,
  };
}
