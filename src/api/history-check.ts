import type { HistoryEntry, HistoryEvent, HistoryList, HistoryPeople } from './contract/history';
import type { HistorySeed } from './contract/history-seed';
import { historyGroups } from './contract/history-groups';
import { historyKinds } from './contract/history-kinds';
import { historySources } from './contract/history-sources';
import {
  arrayOf,
  isBoolean,
  isCount,
  isInteger,
  isNullableString,
  isNumber,
  isPlainRecord,
  isString,
  isStringArray,
  looseObjectOf,
  nullable,
  objectOf,
  oneOf,
  optional,
} from './hand-check';

/**
 * Hand checks of the gateway's history as the contract describes it (./contract/history.ts):
 * each is true only for a value its schema accepts and returns unchanged. Every page of the
 * dashboard reads the history in gateway mode, and a page the gateway draws with it checks that
 * seed before it draws; zod would first build the history's hundred and fifty schemas, then walk
 * each entry's fields through its generic path. A value a check refuses goes to zod, which
 * names the issue.
 */

/** `historyKindSchema`: what an entry made. */
export const isHistoryKind = oneOf(historyKinds) as (
  value: unknown,
) => value is HistoryEntry['kind'];

/** `historyErrorSchema`: what failed, as the service said it. */
export const isHistoryError = objectOf({ code: isString, message: isString });

/** `historyStarterSchema`: who started an entry. */
export const isHistoryStarter = objectOf({ id: isString, name: isString, token: isNullableString });

/** `historyResultSchema`, a loose object: keys it does not name stay as they are. */
const isResult = looseObjectOf({
  urls: isStringArray,
  file_ids: isStringArray,
  size: optional(isNumber),
  duration_s: optional(isNumber),
  content_type: optional(isString),
  format: optional(isString),
  sample_rate: optional(isNumber),
});

const isReading = objectOf({
  at: isString,
  status: isString,
  progress: optional(isNumber),
  current_step: optional(isNumber),
});

/** `historyEntrySchema`. */
export const isHistoryEntry = objectOf({
  id: isString,
  kind: isHistoryKind,
  name: isString,
  params: isPlainRecord,
  created_at: isString,
  updated_at: isString,
  status: isString,
  latest: nullable(isPlainRecord),
  result: nullable(isResult),
  cost: nullable(isNumber),
  error: nullable(isHistoryError),
  source: oneOf(historySources),
  trace_id: isNullableString,
  elapsed_ms: nullable(isInteger),
  started_by: nullable(isHistoryStarter),
  stalled: isBoolean,
  reading_count: isInteger,
  readings: arrayOf(isReading),
}) as (value: unknown) => value is HistoryEntry;

/** `historyListSchema`: one page of `GET /api/history`. */
export const isHistoryList = objectOf({
  entries: arrayOf(isHistoryEntry),
  next_cursor: isNullableString,
  total: isInteger,
  total_exact: isBoolean,
  warning: isNullableString,
  seq: optional(isCount),
}) as (value: unknown) => value is HistoryList;

const eventChecks = new Map<unknown, (value: unknown) => boolean>([
  ['upsert', objectOf({ type: isString, entry: isHistoryEntry })],
  ['delete', objectOf({ type: isString, id: isString })],
  ['reset', objectOf({ type: isString })],
  ['warning', objectOf({ type: isString, message: isString })],
]);

/** `historyEventSchema`: a change on the event stream, by its type. */
export function isHistoryEvent(value: unknown): value is HistoryEvent {
  return isPlainRecord(value) && (eventChecks.get(value.type)?.(value) ?? false);
}

const isGroup = oneOf(Object.keys(historyGroups));

/** `historySeedSchema`: the history a page is drawn with, a list by group. */
export function isHistorySeed(value: unknown): value is HistorySeed {
  if (!isPlainRecord(value)) return false;
  for (const group in value) if (!isGroup(group) || !isHistoryList(value[group])) return false;
  return true;
}

/** `historyPeopleSchema`: everyone who started an entry, for the lists' "started by" filter. */
export const isHistoryPeople = objectOf({
  people: arrayOf(objectOf({ id: isString, name: isString })),
}) as (value: unknown) => value is HistoryPeople;
