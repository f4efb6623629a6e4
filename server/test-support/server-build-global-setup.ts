import { ensureServerBuild } from '../../build/server-build.mjs';

/**
 * The gateway and emulator bundles the tests start as child processes (see child-server.ts),
 * made once before the suite's workers start (each start checks it again, and finds it current):
 * the processes run what `npm start` runs.
 */
export default function setup() {
  ensureServerBuild();
}
