import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The test files under `dir`, as paths from the project's root. */
function testFiles(dir: string): string[] {
  return readdirSync(fileURLToPath(new URL(dir, import.meta.url)), {
    recursive: true,
    encoding: 'utf8',
  })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`);
}

// A module that an earlier file in the same worker loaded is neither replaced by `vi.mock` nor,
// for a package, loaded again after `vi.resetModules`: the files that mock or reload modules
// get a fresh module graph each, the others share one per worker.
const reloadsModules = (file: string) =>
  /vi\.(mock|doMock|resetModules)\(/.test(readFileSync(new URL(file, import.meta.url), 'utf8'));

const webTests = testFiles('src').filter((file) => !file.startsWith('src/api/'));
const remockedWebTests = webTests.filter(reloadsModules);
// A package is loaded once per worker, outside the graph a reset starts again: a file that
// mocks one (`vi.mock('react')`) needs a worker of its own.
const mocksPackage = (file: string) =>
  /vi\.(mock|doMock)\(\s*['"][^./]/.test(readFileSync(new URL(file, import.meta.url), 'utf8'));
const isolatedWebTests = remockedWebTests.filter(mocksPackage);
const serverTests = [
  ...testFiles('server'),
  ...testFiles('src/api'),
  ...testFiles('build'),
  ...testFiles('bench'),
];
const isolatedServerTests = serverTests.filter(reloadsModules);

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest leaves one core to itself by default: a single worker on a 2-core CI machine. Many
    // tests wait on encoders, sockets, timers and child processes, so more workers than cores
    // keep the cores busy: on 2 cores, one worker took 408 s, two 290 s and four 255 s (and
    // 432 core-seconds against 502), every test passing.
    maxWorkers: Math.max(4, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: serverTests,
          exclude: isolatedServerTests,
          // One module graph per worker rather than per file: importing the server's modules
          // again for each file cost more CPU than the tests themselves (a run took 217 s
          // with isolation, 131 s without). Every file starts its own servers and stores.
          isolate: false,
          // Emulator tests render real media; on a loaded 2-core CI machine this only stops a hang.
          testTimeout: 30_000,
          // The PostgreSQL the storage suites run against as well as SQLite.
          globalSetup: [
            './server/test-support/postgres-global-setup.ts',
            './server/test-support/server-build-global-setup.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          environment: 'node',
          include: isolatedServerTests,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: webTests,
          exclude: remockedWebTests,
          setupFiles: ['./src/test/setup.ts'],
          // One jsdom and one module graph per worker rather than per file: setting up jsdom
          // for each file took twice as long as the tests themselves (144 s against 71 s).
          // src/test/setup.ts empties the document and the storage after each test.
          isolate: false,
          // Typing into jsdom widgets is slow on a busy 2-core CI machine; this only stops a hang.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-remocked',
          environment: 'jsdom',
          include: remockedWebTests,
          exclude: isolatedWebTests,
          setupFiles: ['./src/test/setup.ts', './src/test/fresh-modules.ts'],
          // A worker of its own per file cost 3.9 CPU-seconds each (a process, jsdom and every
          // package loaded again); a fresh graph of the app's modules is enough for its mocks.
          isolate: false,
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          environment: 'jsdom',
          include: isolatedWebTests,
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
