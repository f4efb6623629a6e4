import { defineConfig } from '@playwright/test';
import { chaosProject } from './e2e/fixtures/chaos';
import main from './playwright.config';

/** The chaos journeys alone (e2e/fixtures/chaos.ts): `npm run test:chaos`. */
export default defineConfig({
  ...main,
  projects: [chaosProject],
  globalSetup: './e2e/chaos/global-setup.ts',
});
