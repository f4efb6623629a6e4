import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest leaves one core to itself by default: a single worker on a 2-core CI machine. Many
    // tests wait on encoders, sockets and timers, so a worker per core finishes the suite in
    // about two thirds of the time (408 s → 267 s there).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'src/api/**/*.test.ts',
            'build/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          // Emulator tests render real media; on a loaded 2-core CI machine this only stops a hang.
          testTimeout: 30_000,
          // The PostgreSQL the storage suites run against as well as SQLite.
          globalSetup: ['./server/test-support/postgres-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/api/**'],
          setupFiles: ['./src/test/setup.ts'],
          // Typing into jsdom widgets is slow on a busy 2-core CI machine; this only stops a hang.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
