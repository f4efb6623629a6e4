import { beforeEach } from 'vitest';
import { saveConnection } from '../lib/connection-settings';

/**
 * Direct mode for every test of the file: the browser keeps its own jobs in IndexedDB and
 * polls them itself (in gateway mode the gateway does both). setup.ts clears it after each.
 */
export function inDirectMode() {
  beforeEach(() =>
    saveConnection({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' }),
  );
}
