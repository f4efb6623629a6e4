import { defineConfig } from '@playwright/test';
import { chaosProject, chaosServer } from './e2e/fixtures/chaos';
import main from './playwright.config';

/** The chaos journeys alone (e2e/fixtures/chaos.ts): `npm run test:chaos`. */
export default defineConfig({
  ...main,
  projects: [chaosProject],
  webServer: chaosServer,
});
