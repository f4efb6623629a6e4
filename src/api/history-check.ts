import type { HistoryEntry, HistoryEvent, HistoryList, HistoryPeople } from './contract/history';
import type { HistorySeed } from './contract/history-seed';
import { historyGroups } from './contract/history-groups';
import { historyKinds } from './contract/history-kinds';
import { historySources } from './contract/history-sources';
import {
  hasOnlyKeys,
  isArrayOf,
  isCount,
  isInteger,
  isNullableString,
  isNumber,
  isPlainRecord,
  isStringArray,
} from './hand-check';

/**
 * Hand checks of the gateway's history as the contract describes it (./contract/history.ts):
 * each is true only for a value its schema accepts and returns unchanged. Every page of the
 * dashboard reads the history in gateway mode, and a page the gateway draws with it checks that
 * seed before it draws; zod would first build the history's hundred and fifty schemas, then walk
 * each entry's fields through its generic path. A value a check refuses goes to zod, which
 * names the issue.
 */

const kinds: ReadonlySet<unknown> = new Set(historyKinds);
const sources: ReadonlySet<unknown> = new Set(historySources);
const groups: ReadonlySet<unknown> = new Set(Object.keys(historyGroups));

const listKeys = new Set(['entries', 'next_cursor', 'total', 'total_exact', 'warning', 'seq']);
const entryKeys = new Set([
  'id',
  'kind',
  'name',
  'params',
  'created_at',
  'updated_at',
  'status',
  'latest',
  'result',
  'cost',
  'error',
  'source',
  'trace_id',
  'elapsed_ms',
  'started_by',
  'stalled',
  'reading_count',
  'readings',
]);
const readingKeys = new Set(['at', 'status', 'progress', 'current_step']);
const errorKeys = new Set(['code', 'message']);
const starterKeys = new Set(['id', 'name', 'token']);

/** `historyListSchema`: one page of `GET /api/history`. */
export function isHistoryList(value: unknown): value is HistoryList {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, listKeys) &&
    isArrayOf(value.entries, isHistoryEntry) &&
    isNullableString(value.next_cursor) &&
    isInteger(value.total) &&
    typeof value.total_exact === 'boolean' &&
    isNullableString(value.warning) &&
    (value.seq === undefined || isCount(value.seq))
  );
}

/** `historyEntrySchema`. */
export function isHistoryEntry(value: unknown): value is HistoryEntry {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, entryKeys) &&
    typeof value.id === 'string' &&
    isHistoryKind(value.kind) &&
    typeof value.name === 'string' &&
    isPlainRecord(value.params) &&
    typeof value.created_at === 'string' &&
    typeof value.updated_at === 'string' &&
    typeof value.status === 'string' &&
    (value.latest === null || isPlainRecord(value.latest)) &&
    (value.result === null || isResult(value.result)) &&
    (value.cost === null || isNumber(value.cost)) &&
    (value.error === null || isHistoryError(value.error)) &&
    sources.has(value.source) &&
    isNullableString(value.trace_id) &&
    (value.elapsed_ms === null || isInteger(value.elapsed_ms)) &&
    (value.started_by === null || isHistoryStarter(value.started_by)) &&
    typeof value.stalled === 'boolean' &&
    isInteger(value.reading_count) &&
    isArrayOf(value.readings, isReading)
  );
}

/** `historyKindSchema`: what an entry made. */
export function isHistoryKind(value: unknown): value is HistoryEntry['kind'] {
  return kinds.has(value);
}

/** `historyEventSchema`: a change on the event stream. */
export function isHistoryEvent(value: unknown): value is HistoryEvent {
  if (!isPlainRecord(value)) return false;
  switch (value.type) {
    case 'upsert':
      return hasOnlyKeys(value, upsertKeys) && isHistoryEntry(value.entry);
    case 'delete':
      return hasOnlyKeys(value, deleteKeys) && typeof value.id === 'string';
    case 'reset':
      return hasOnlyKeys(value, resetKeys);
    case 'warning':
      return hasOnlyKeys(value, warningKeys) && typeof value.message === 'string';
    default:
      return false;
  }
}
const upsertKeys = new Set(['type', 'entry']);
const deleteKeys = new Set(['type', 'id']);
const resetKeys = new Set(['type']);
const warningKeys = new Set(['type', 'message']);

/** `historySeedSchema`: the history a page is drawn with, a list by group. */
export function isHistorySeed(value: unknown): value is HistorySeed {
  if (!isPlainRecord(value)) return false;
  for (const group in value) if (!groups.has(group) || !isHistoryList(value[group])) return false;
  return true;
}

/** `historyPeopleSchema`: everyone who started an entry, for the lists' "started by" filter. */
export function isHistoryPeople(value: unknown): value is HistoryPeople {
  return (
    isPlainRecord(value) && hasOnlyKeys(value, peopleKeys) && isArrayOf(value.people, isPerson)
  );
}
const peopleKeys = new Set(['people']);
const personKeys = new Set(['id', 'name']);

function isPerson(value: unknown): boolean {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, personKeys) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string'
  );
}

/** `historyResultSchema`, a loose object: keys it does not name stay as they are. */
function isResult(value: unknown): boolean {
  return (
    isPlainRecord(value) &&
    isStringArray(value.urls) &&
    isStringArray(value.file_ids) &&
    (value.size === undefined || isNumber(value.size)) &&
    (value.duration_s === undefined || isNumber(value.duration_s)) &&
    (value.content_type === undefined || typeof value.content_type === 'string') &&
    (value.format === undefined || typeof value.format === 'string') &&
    (value.sample_rate === undefined || isNumber(value.sample_rate))
  );
}

/** `historyErrorSchema`: what failed, as the service said it. */
export function isHistoryError(value: unknown): boolean {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, errorKeys) &&
    typeof value.code === 'string' &&
    typeof value.message === 'string'
  );
}

/** `historyStarterSchema`: who started an entry. */
export function isHistoryStarter(value: unknown): boolean {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, starterKeys) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    isNullableString(value.token)
  );
}

function isReading(value: unknown): boolean {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, readingKeys) &&
    typeof value.at === 'string' &&
    typeof value.status === 'string' &&
    (value.progress === undefined || isNumber(value.progress)) &&
    (value.current_step === undefined || isNumber(value.current_step))
  );
}
