// Mutation testing of the gateway's core modules and the job board's logic: `npm run test:mutation`
// (not part of `npm test`: it takes the better part of an hour on two cores). bench/mutation.ts then
// keeps each module's score with the bench results and fails below 85 % killed.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Only the test files that import a mutated module run against its mutants.
  vitest: { configFile: 'vitest.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: [
    'server/history/job-poller.ts',
    'server/history/start-keys.ts',
    'server/history/recorder.ts',
    'server/history/history-store.ts',
    'server/access/rate-limit.ts',
    'server/access/sessions.ts',
    'server/access/tokens.ts',
    'server/access/require-sign-in.ts',
    'server/access/cross-site.ts',
    'server/access/host-check.ts',
    'server/path-guard.ts',
    'server/notify/delivery-queue.ts',
    'server/notify/delivery-worker.ts',
    'server/notify/webhook-store.ts',
    'server/notify/inbox.ts',
    'server/notify/fan-out.ts',
    'server/notify/retry-schedule.ts',
    'server/usage/contribution.ts',
    'server/usage/ledger.ts',
    'server/usage/budget-alerts.ts',
    'server/usage/budgets.ts',
    'server/usage/usage-report.ts',
    'server/usage/usage-csv.ts',
    'src/features/jobs/board-model.ts',
    'src/features/jobs/job-state.ts',
    'src/lib/concurrency-limit.ts',
  ],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Two cores: one test process each. Suites that wait on sockets and timers need the long timeout.
  concurrency: 2,
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 85, break: null },
  // The sandbox needs the sources and tests only, not built apps, data directories or reports.
  ignorePatterns: [
    'dist',
    'dist-*',
    '.data',
    '.prof',
    'test-results',
    'playwright-report',
    'coverage',
    // Another run's sandbox, when runs over different modules go side by side.
    '.stryker-tmp*',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
