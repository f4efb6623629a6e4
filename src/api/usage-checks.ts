import type { UsageReport } from './contract/usage';
import { usageDimensions, usageGroupings } from './contract/usage-paths';
import { isHistoryKind } from './history-check';
import {
  arrayOf,
  isInteger,
  isNumber,
  isString,
  isStringArray,
  nullable,
  objectOf,
  oneOf,
} from './hand-check';

/**
 * A hand check of the usage report (`usageReportSchema`, ./contract/usage.ts), which the usage
 * page reads as it opens. Its schemas import the budgets' and, with them, the group every page's
 * answers fall back on: judged by zod, the report built close to three hundred schemas on a
 * phone's main thread while the page starts, then walked every row of it. True only for a
 * report the schema accepts and returns unchanged; one it refuses goes to zod, which names the
 * issue.
 */

/** `usageMeasuresSchema`: what is counted of the jobs of one period and group. */
const measures = {
  jobs: isInteger,
  completed: isInteger,
  failed: isInteger,
  cancelled: isInteger,
  running: isInteger,
  training_cost: isNumber,
  running_cost: isNumber,
  generations: isInteger,
  speech_requests: isInteger,
  speech_characters: isInteger,
  extends: isInteger,
  uploads: isInteger,
  upload_bytes: isInteger,
  sandboxes: isInteger,
};

const isDurations = objectOf({
  count: isInteger,
  p50_s: nullable(isNumber),
  p90_s: nullable(isNumber),
  buckets: arrayOf(objectOf({ from_s: isNumber, to_s: nullable(isNumber), count: isInteger })),
});

/** `usageReportSchema`: `GET /api/usage` as JSON. */
export const isUsageReport = objectOf({
  from: isString,
  to: isString,
  group_by: oneOf(usageGroupings),
  by: oneOf(usageDimensions),
  periods: isStringArray,
  rows: arrayOf(objectOf({ ...measures, period: isString, group: isString, label: isString })),
  groups: arrayOf(objectOf({ ...measures, group: isString, label: isString })),
  totals: objectOf(measures),
  tools: arrayOf(objectOf({ kind: isHistoryKind, tool: isString, count: isInteger })),
  voices: arrayOf(objectOf({ voice_id: isString, requests: isInteger, characters: isInteger })),
  trainings: objectOf({ queue_wait: isDurations, run_time: isDurations }),
  month: objectOf({
    month: isString,
    committed: isNumber,
    completed_cost: isNumber,
    running_cost: isNumber,
    forecast: isNumber,
    resets_at: isString,
  }),
}) as (value: unknown) => value is UsageReport;
