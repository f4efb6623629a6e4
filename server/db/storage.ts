import type { Env } from '../env';

/**
 * Where the gateway keeps its state: SQLite files in DATA_DIR (one process, the default), or
 * one PostgreSQL database that every replica shares (DATABASE_URL).
 */
export type Storage = { engine: 'sqlite'; dataDir: string } | { engine: 'postgres'; url: string };

export function storageOf(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>, dataDir: string): Storage {
  return env.DATABASE_URL
    ? { engine: 'postgres', url: env.DATABASE_URL }
    : { engine: 'sqlite', dataDir };
}
