import { committedCostOf } from '../../src/api/contract/committed-cost';
import {
  isSettledHistoryStatus,
  isTrainingKind,
  unknownHistoryStatus,
  type HistoryEntry,
} from '../../src/api/contract/history';
import { durationBucketEdges } from '../../src/api/contract/usage';
import { dayOfInstant } from './calendar';
import { usageMeasureColumns, type UsageMeasureColumn } from './usage-schema';

export type Measures = Record<UsageMeasureColumn, number>;

export interface UsageItem {
  item_type: 'tool' | 'voice';
  kind: string;
  item: string;
  count: number;
  units: number;
}

export interface DurationMark {
  measure: 'queue_wait' | 'run_time';
  bucket: number;
}

/** What one job adds to the usage counts, as the ledger keeps it. */
export interface Contribution {
  /** The UTC day it was started: it counts there whatever happens to it later. */
  day: string;
  kind: string;
  person_id: string;
  person_name: string | null;
  token: string;
  measures: Measures;
  items: UsageItem[];
  durations: DurationMark[];
  /** When a training was first seen running: kept across writes, the run time counts from it. */
  running_since: string | null;
}

export const noMeasures = (): Measures =>
  Object.fromEntries(usageMeasureColumns.map((column) => [column, 0])) as Measures;

/** Money in whole micro-units, so that sums which rise and fall stay exact. */
export const toMicros = (amount: number) => Math.round(amount * 1_000_000);
export const fromMicros = (micros: number) => Number(micros) / 1_000_000;

/** The histogram bucket of a duration: the last edge at or below it. */
export function bucketOf(seconds: number): number {
  let bucket = 0;
  for (const [i, edge] of durationBucketEdges.entries()) if (seconds >= edge) bucket = i;
  return bucket;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const secondsBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;

/** Characters as people count them (code points), not UTF-16 units. */
const characters = (value: unknown) => (typeof value === 'string' ? [...value].length : 0);

/** The moment a training was first seen running: the earliest running reading it carries. */
function firstRunning(entry: HistoryEntry): string | null {
  let first: string | null = null;
  for (const reading of entry.readings)
    if (reading.status === 'running' && (first === null || reading.at < first)) first = reading.at;
  return first;
}

/**
 * What `entry` adds to the counts now. `previous` is what it added before this write: the
 * moment a training started running is carried from it, as the entry's compact readings may
 * no longer hold that reading.
 */
export function contributionOf(entry: HistoryEntry, previous: Contribution | null): Contribution {
  const measures = noMeasures();
  const { kind, status, params } = entry;
  const settled = isSettledHistoryStatus(kind, status);
  const failed = status === 'failed' || (settled && entry.error !== null);
  const cancelled = status === 'cancelled';
  measures.jobs = 1;
  measures.running = settled ? 0 : 1;
  measures.failed = failed ? 1 : 0;
  measures.cancelled = cancelled && !failed ? 1 : 0;
  measures.completed = settled && !failed && !cancelled && status !== unknownHistoryStatus ? 1 : 0;

  const items: UsageItem[] = [];
  const durations: DurationMark[] = [];
  let runningSince: string | null = null;

  if (isTrainingKind(kind)) {
    const cost = committedCostOf(status, entry.latest);
    if (cost !== null) {
      measures.training_cost_micros = toMicros(cost);
      if (status === 'running') measures.running_cost_micros = toMicros(cost);
    }
    const seen = firstRunning(entry);
    runningSince =
      previous?.running_since && (!seen || previous.running_since < seen)
        ? previous.running_since
        : seen;
    if (runningSince) {
      const wait = secondsBetween(entry.created_at, runningSince);
      if (wait >= 0) durations.push({ measure: 'queue_wait', bucket: bucketOf(wait) });
      if (settled && (status === 'completed' || status === 'failed')) {
        const run = secondsBetween(runningSince, entry.updated_at);
        if (run >= 0) durations.push({ measure: 'run_time', bucket: bucketOf(run) });
      }
    }
  } else if (kind === 'image' || kind === 'video') {
    measures.generations = 1;
    const tool = text(params.tool)?.trim() || 'auto';
    items.push({ item_type: 'tool', kind, item: tool, count: 1, units: 0 });
  } else if (kind === 'speech' || kind === 'speech_async') {
    measures.speech_requests = 1;
    // A refused request made no speech.
    const chars = failed ? 0 : characters(params.text);
    measures.speech_characters = chars;
    const voice = text(params.voice_id)?.trim() || 'default';
    items.push({ item_type: 'voice', kind, item: voice, count: 1, units: chars });
  } else if (kind === 'voice_extend') {
    measures.extends = 1;
  } else if (kind === 'upload') {
    measures.uploads = 1;
    const size = typeof params.size === 'number' ? params.size : entry.result?.size;
    measures.upload_bytes = typeof size === 'number' && size > 0 ? Math.round(size) : 0;
  } else if (kind === 'sandbox') {
    measures.sandboxes = 1;
  }

  return {
    day: dayOfInstant(entry.created_at),
    kind,
    person_id: entry.started_by?.id ?? '',
    person_name: entry.started_by?.name ?? null,
    token: entry.started_by?.token ?? '',
    measures,
    items,
    durations,
    running_since: runningSince,
  };
}
