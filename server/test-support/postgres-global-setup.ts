import type { TestProject } from 'vitest/node';
import { testPostgres } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tests' PostgreSQL server (its `postgres` database): see postgres-server.ts. */
    postgresUrl: string;
  }
}

/**
 * One PostgreSQL for the whole server suite, started before it and stopped after: the
 * store and access suites run against it as well as against SQLite. Without PostgreSQL on
 * the machine the suite stops here with how to install it; it never skips those tests.
 */
export default async function setup(project: TestProject) {
  const server = await testPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
