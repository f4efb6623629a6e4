import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyQuerySchema, type HistoryQuery } from '../../src/api/contract/history';
import { openHistoryDb } from './history-db';
import { createHistoryStore } from './history-store';
import type { HistoryStore, NewHistoryRecord } from './types';

/** A real store on a fresh data dir; `reopen` opens the same directory again, as a restart does. */
export function testStore() {
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-history-'));
  const open = () => createHistoryStore(openHistoryDb(dir));
  return {
    dir,
    store: open(),
    reopen: open,
    cleanup: (...stores: HistoryStore[]) => {
      stores.forEach((store) => {
        try {
          store.close();
        } catch {
          // Closed by the test already.
        }
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const query = (input: HistoryQuery = {}) => historyQuerySchema.parse(input);

let counter = 0;
export function record(overrides: Partial<NewHistoryRecord> = {}): NewHistoryRecord {
  counter += 1;
  return {
    id: `task_${counter}`,
    kind: 'voice',
    name: `voice_${counter}`,
    params: { name: `voice_${counter}` },
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString(),
    status: 'queued',
    latest: null,
    result: null,
    cost: null,
    error: null,
    source: 'client',
    ...overrides,
  };
}
