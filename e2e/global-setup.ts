import { ensureServerBuild } from '../build/server-build.mjs';
import { suiteServers } from './fixtures/suite-servers';
import { startTestServers } from './fixtures/test-servers';

/**
 * Starts the main suite's servers, all at once, and returns how to stop them. The gateways run
 * the server bundle, made here first when a source changed, so they do not each make it.
 */
export default function globalSetup() {
  ensureServerBuild();
  return startTestServers(suiteServers, { reuse: !process.env.CI });
}
