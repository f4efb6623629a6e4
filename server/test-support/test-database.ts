import { inject } from 'vitest';
import { createTestDatabase } from './postgres-server';

/** A fresh, empty PostgreSQL database on the suite's server; `drop` removes it. */
export function freshPostgresDatabase(prefix?: string) {
  return createTestDatabase(inject('postgresUrl'), prefix);
}
