import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import main from './playwright.config';

/**
 * The chaos suite: the main journeys against an embedded emulator that fails 30 % of API calls
 * (429, 500, slow or dropped; see server/emulator/http/faults.ts). Static files, the gateway
 * status and media URLs are not faulted. Ports default to 8890 and up, apart from the main suite.
 */
process.env.E2E_PORT_BASE ??= '8890';
const port = Number(process.env.E2E_PORT_BASE);
const emulatorDataDir = join(tmpdir(), `media-studio-chaos-${port}`);
const freshDataDir = `node -e "require('fs').rmSync(process.env.DATA_DIR, { recursive: true, force: true })"`;

export default defineConfig({
  ...main,
  testDir: 'e2e/chaos',
  // Not *.spec.ts, so the main suite (testDir e2e) leaves these alone.
  testMatch: '**/*.chaos.ts',
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // Faults add retries and backoff to every step; a journey gets a bounded but generous budget.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: { ...main.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    command: `${freshDataDir} && tsx server/index.ts`,
    env: {
      PORT: String(port),
      API_BASE_URL: '',
      API_KEY: '',
      STACK_ID: '',
      EMULATOR_DATA_DIR: emulatorDataDir,
      DATA_DIR: emulatorDataDir,
      EMULATOR_TRAINING_SECONDS: '6',
      EMULATOR_FAULTS: '0.3',
      ...(process.env.DIST_DIR && { DIST_DIR: process.env.DIST_DIR }),
    },
    url: `http://127.0.0.1:${port}/api/gateway/status`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
