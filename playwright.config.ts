import { defineConfig, devices } from '@playwright/test';
import { chaosProject } from './e2e/fixtures/chaos';
import { chromiumArgs, testChromiumPath } from './e2e/fixtures/chromium';
import { e2ePorts } from './e2e/fixtures/ports';

/** See the project `chromium-long`. */
const longFiles = [/usage\.spec\.ts$/, /voice-capture\.spec\.ts$/];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One more try in CI for a test that lost a race with the machine; twice is a failure.
  retries: process.env.CI ? 1 : 0,
  // Four on 2 cores: many tests wait on the emulator's jobs and the gateway's events, and more
  // workers fill those waits (the suite took 9.4 min with three against 10.4 with two; with the
  // servers started at once, 8.8 min with four against 9.0-9.5 with three, the cores 1.95 busy
  // against 1.80).
  workers: process.env.CI ? 4 : undefined,
  reporter: 'list',
  // The machines are shared: a page that loads in 1 s alone takes several while the other worker
  // runs axe or the emulator renders media. Generous waits, never a sleep.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${e2ePorts.gateway}`,
    // A trace records a screenshot of every frame and a DOM snapshot of every step: a quarter of
    // the suite's CPU on a 2-core machine. CI records it on the retry of a failed test, which is
    // the run worth reading; a local run (no retries) keeps the trace of each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: testChromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    // Every browser sees the gateway's one history, so what an empty dashboard looks like is
    // checked first, before any other test has made something.
    { name: 'fresh', testMatch: /fresh\.spec\.ts$/, use: { ...devices['Desktop Chrome'] } },
    // Its own PostgreSQL, service, two replicas and nginx. Most of its minute and a half is
    // waiting (for a replica to start, for a lease to expire after kill -9), so it starts first,
    // beside the other journeys, rather than alone at the end with a core idle.
    {
      name: 'replicas',
      testMatch: /replicas\.spec\.ts$/,
      dependencies: ['fresh'],
      use: { ...devices['Desktop Chrome'] },
    },
    // The journeys against an emulator failing 30 % of API calls, on a gateway of their own.
    { ...chaosProject, dependencies: ['fresh'] },
    // Files that take one worker for half a minute or more (a serial file, recordings in real
    // time) start before the rest: a worker that picks one up last ends the suite alone.
    {
      name: 'chromium-long',
      testMatch: longFiles,
      dependencies: ['fresh'],
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'chromium',
      testIgnore: [/fresh\.spec\.ts$/, /replicas\.spec\.ts$/, ...longFiles],
      dependencies: ['fresh'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  // The gateways, the upstream, the OIDC provider: e2e/fixtures/suite-servers.ts, all started at
  // once (Playwright's webServer starts one after another: 17 s for seven).
  globalSetup: './e2e/global-setup.ts',
});
