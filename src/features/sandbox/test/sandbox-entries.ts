import type { HistoryEntry } from '../../../api/contract/history';
import { historyEntryOf } from '../../../test/history-entry';

/** A sandbox as the gateway's history returns it; fields replaced by `overrides`. */
export function sandboxEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return historyEntryOf({
    id: 'sbx_1',
    kind: 'sandbox',
    name: 'python sandbox',
    params: { language: 'python', packages: ['numpy', 'pandas'] },
    created_at: '2026-01-02T10:00:00.500Z',
    updated_at: '2026-01-02T10:00:00.500Z',
    status: 'ready',
    latest: {
      sandbox_id: 'sbx_1',
      status: 'ready',
      language: 'python',
      created_at: '2026-01-02T10:00:00.000Z',
    },
    result: null,
    ...overrides,
  });
}
