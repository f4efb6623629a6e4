import { ensureServerBuild } from '../../build/server-build.mjs';
import { chaosServer } from '../fixtures/chaos';
import { startTestServers } from '../fixtures/test-servers';

/** Starts the gateway of the chaos journeys alone (`npm run test:chaos`). */
export default function globalSetup() {
  ensureServerBuild();
  return startTestServers([chaosServer], { reuse: !process.env.CI });
}
