import type { HistoryEntry } from '../api/contract/history';

/**
 * An entry as the gateway's history returns it: the fields every kind shares, settled and
 * sent by the dashboard, under the kind's own fields given.
 */
export function historyEntryOf(
  fields: Pick<HistoryEntry, 'id' | 'kind' | 'name'> & Partial<HistoryEntry>,
): HistoryEntry {
  const at = fields.created_at ?? '2026-03-01T10:00:00.000Z';
  return {
    params: {},
    created_at: at,
    updated_at: at,
    status: 'completed',
    latest: null,
    result: null,
    cost: null,
    error: null,
    source: 'dashboard',
    trace_id: null,
    elapsed_ms: null,
    started_by: null,
    stalled: false,
    reading_count: 0,
    readings: [],
    ...fields,
  };
}
