import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chaosProject, chaosServer } from './e2e/fixtures/chaos';
import { chromiumArgs, testChromiumPath } from './e2e/fixtures/chromium';
import { freshDataDir } from './e2e/fixtures/fresh-data-dir';
import { oidcClientId, oidcGatewayUrl, oidcIssuer } from './e2e/fixtures/oidc';
import {
  gatewayPassword,
  gatewayUserName,
  passwordGatewayUrl,
} from './e2e/fixtures/password-gateway';
import { e2ePorts, upstreamKey, upstreamStack } from './e2e/fixtures/ports';

const reuse = !process.env.CI;
// The embedded emulator starts each run from an empty data dir, so no test depends on earlier state.
const emulatorDataDir = join(tmpdir(), `media-studio-e2e-${e2ePorts.gateway}`);
// The gateway with an upstream keeps its own history, also from empty.
const upstreamGatewayDataDir = join(tmpdir(), `media-studio-e2e-${e2ePorts.gatewayWithUpstream}`);
// The gateway that signs in through the suite's OIDC provider: its own emulator, history and
// sessions, from empty too.
const oidcGatewayDataDir = join(tmpdir(), `media-studio-e2e-${e2ePorts.gatewayWithOidc}`);
// The gateway that asks for a password: its own emulator, history and sessions, from empty too.
const passwordGatewayDataDir = join(tmpdir(), `media-studio-e2e-${e2ePorts.gatewayWithPassword}`);
/** See the project `chromium-long`. */
const longFiles = [/usage\.spec\.ts$/, /voice-capture\.spec\.ts$/];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One more try in CI for a test that lost a race with the machine; twice is a failure.
  retries: process.env.CI ? 1 : 0,
  // Three on 2 cores: many tests wait on the emulator's jobs and the gateway's events, and a
  // third worker fills those waits (the suite took 9.4 min with three against 10.4 with two).
  workers: process.env.CI ? 3 : undefined,
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
  // `npm run test:e2e` builds the app first, so these servers only serve it.
  webServer: [
    {
      command: `${freshDataDir} && node server/start.mjs`,
      env: {
        PORT: String(e2ePorts.gateway),
        API_BASE_URL: '',
        API_KEY: '',
        STACK_ID: '',
        EMULATOR_DATA_DIR: emulatorDataDir,
        // The gateway's history beside the emulator's state, both wiped above.
        DATA_DIR: emulatorDataDir,
        // 2 s queued, then 12 s running. A queued job is polled every 5 s, so the board may
        // see it running 5 s late: tests that check a running job still have 7 s to do it.
        EMULATOR_TRAINING_SECONDS: '12',
        // The webhook specs deliver to a receiver they start on 127.0.0.1.
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
      url: `http://127.0.0.1:${e2ePorts.gateway}/api/gateway/status`,
      reuseExistingServer: reuse,
      timeout: 120_000,
    },
    {
      command: 'node --import tsx e2e/fixtures/upstream-server.ts',
      env: { PORT: String(e2ePorts.upstream) },
      url: `http://127.0.0.1:${e2ePorts.upstream}/health`,
      reuseExistingServer: reuse,
    },
    {
      command: `${freshDataDir} && node server/start.mjs`,
      env: {
        DATA_DIR: upstreamGatewayDataDir,
        PORT: String(e2ePorts.gatewayWithUpstream),
        API_BASE_URL: `http://127.0.0.1:${e2ePorts.upstream}`,
        API_KEY: upstreamKey,
        STACK_ID: upstreamStack,
      },
      url: `http://127.0.0.1:${e2ePorts.gatewayWithUpstream}/api/gateway/status`,
      reuseExistingServer: reuse,
      timeout: 120_000,
    },
    {
      command: 'node --import tsx e2e/fixtures/oidc-provider.ts',
      env: { PORT: String(e2ePorts.oidcProvider) },
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: reuse,
    },
    {
      command: `${freshDataDir} && node server/start.mjs`,
      env: {
        PORT: String(e2ePorts.gatewayWithOidc),
        API_BASE_URL: '',
        API_KEY: '',
        STACK_ID: '',
        EMULATOR_DATA_DIR: oidcGatewayDataDir,
        DATA_DIR: oidcGatewayDataDir,
        PUBLIC_URL: oidcGatewayUrl,
        OIDC_ISSUER: oidcIssuer,
        OIDC_CLIENT_ID: oidcClientId,
      },
      url: `${oidcGatewayUrl}/api/gateway/status`,
      reuseExistingServer: reuse,
      timeout: 120_000,
    },
    {
      command: `${freshDataDir} && node server/start.mjs`,
      env: {
        PORT: String(e2ePorts.gatewayWithPassword),
        API_BASE_URL: '',
        API_KEY: '',
        STACK_ID: '',
        EMULATOR_DATA_DIR: passwordGatewayDataDir,
        DATA_DIR: passwordGatewayDataDir,
        GATEWAY_PASSWORD: gatewayPassword,
        GATEWAY_USER_NAME: gatewayUserName,
      },
      // Asks for sign-in (401), which tells Playwright the server is up.
      url: `${passwordGatewayUrl}/api/gateway/status`,
      reuseExistingServer: reuse,
      timeout: 120_000,
    },
    chaosServer,
  ],
});
