import type {
  HistoryEntry,
  HistoryError,
  HistoryKind,
  HistoryReading,
  HistoryResult,
  HistorySource,
  HistoryStarter,
} from '../../src/api/contract/history';

/** An `entries` row as SQLite returns it. */
export interface EntryRow {
  id: string;
  kind: string;
  name: string;
  params_json: string;
  created_at: string;
  updated_at: string;
  status: string;
  settled: number;
  latest_json: string | null;
  result_json: string | null;
  cost: number | null;
  error_json: string | null;
  source: string;
  stalled: number;
  reading_count: number;
  readings_json: string;
  last_change_at: string;
  search_text: string;
  trace_id: string | null;
  elapsed_ms: number | null;
  started_by_id: string | null;
  started_by_name: string | null;
  started_by_token: string | null;
}

const parse = <T>(json: string | null, fallback: T): T => {
  if (json === null) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
};

function starterOf(row: EntryRow): HistoryStarter | null {
  if (row.started_by_id === null) return null;
  return {
    id: row.started_by_id,
    name: row.started_by_name ?? row.started_by_id,
    token: row.started_by_token,
  };
}

/** The entry as the API returns it, with `readings` as given (compact, or every one kept). */
export function toEntry(row: EntryRow, readings?: HistoryReading[]): HistoryEntry {
  return {
    id: row.id,
    kind: row.kind as HistoryKind,
    name: row.name,
    params: parse<Record<string, unknown>>(row.params_json, {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
    status: row.status,
    latest: parse<Record<string, unknown> | null>(row.latest_json, null),
    result: parse<HistoryResult | null>(row.result_json, null),
    cost: row.cost,
    error: parse<HistoryError | null>(row.error_json, null),
    source: row.source as HistorySource,
    trace_id: row.trace_id,
    elapsed_ms: row.elapsed_ms,
    started_by: starterOf(row),
    stalled: row.stalled === 1,
    reading_count: row.reading_count,
    readings: readings ?? parse<HistoryReading[]>(row.readings_json, []),
  };
}

export { compactReadings } from '../../src/api/contract/readings';

/** What `q` searches: the name, the prompt or text, the id and the voice id, lower-cased. */
export function searchText(
  id: string,
  kind: HistoryKind,
  name: string,
  params: Record<string, unknown>,
): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const voiceId = kind === 'voice' ? text(params.name) : text(params.voice_id);
  return [name, text(params.prompt), text(params.text), id, voiceId]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

/** A reading from a status body: its status, and progress and step when they are numbers. */
export function readingOf(status: string, data: Record<string, unknown> | null, at: string) {
  const reading: HistoryReading = { at, status };
  if (typeof data?.progress === 'number') reading.progress = data.progress;
  if (typeof data?.current_step === 'number') reading.current_step = data.current_step;
  return reading;
}

export const sameReading = (a: HistoryReading | undefined, b: HistoryReading) =>
  a !== undefined &&
  a.status === b.status &&
  a.progress === b.progress &&
  a.current_step === b.current_step;
