import { z } from './zod';
import { historyKindSchema } from './history-parts';
import { usageDimensions, usageGroupings } from './usage-paths';

export * from './budgets';
export {
  budgetExceededCode,
  budgetReachedType,
  budgetThresholds,
  usageDimensions,
  usageGroupings,
  usagePagePath,
  usagePaths,
} from './usage-paths';

/*
 * Usage and budgets: what the gateway counts of every job it records (server/usage). Days are
 * UTC days; a job counts in the day, week and month it was started. Costs are the service's
 * own figures (`total_cost`, `cost_estimate`): the committed spend of a training is its total
 * once completed and its estimate while it runs (committed-cost.ts).
 */

export type UsageGrouping = (typeof usageGroupings)[number];
export type UsageDimension = (typeof usageDimensions)[number];
export const usageFormats = ['json', 'csv'] as const;

/** The longest period one request covers: five years of months, or as many days. */
export const usageMaxDays = 1_830;

const isoDay = (field: string) =>
  z.string({ error: `${field} must be a date (YYYY-MM-DD)` }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`),
    z.refine((day: string) => {
      const time = Date.parse(`${day}T00:00:00Z`);
      return Number.isFinite(time) && new Date(time).toISOString().startsWith(day);
    }, `${field} must be a real calendar date`),
  );

/** Query of `GET /api/usage`: `from` and `to` are UTC days, both included. */
export const usageQuerySchema = z
  .object({
    /** The first day; this month's first by default. */
    from: z.optional(isoDay('from')),
    /** The last day, included; today by default. */
    to: z.optional(isoDay('to')),
    group_by: z._default(
      z.enum(usageGroupings, { error: `group_by must be one of ${usageGroupings.join(', ')}` }),
      'day',
    ),
    by: z._default(
      z.enum(usageDimensions, { error: `by must be one of ${usageDimensions.join(', ')}` }),
      'kind',
    ),
    format: z._default(
      z.enum(usageFormats, { error: `format must be one of ${usageFormats.join(', ')}` }),
      'json',
    ),
  })
  .check(
    z.superRefine((query, ctx) => {
      if (!query.from || !query.to) return;
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
      if (days < 0)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
      else if (days + 1 > usageMaxDays)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: `the period must be at most ${usageMaxDays} days`,
        });
    }),
  );
export type UsageQuery = z.input<typeof usageQuerySchema>;
export type ParsedUsageQuery = z.output<typeof usageQuerySchema>;

/** What is counted of the jobs of one period and group (or of all of them). */
export const usageMeasuresSchema = z.object({
  /** Every creation recorded: trainings, generations, speech, extends, uploads, sandboxes. */
  jobs: z.number().check(z.int()),
  completed: z.number().check(z.int()),
  failed: z.number().check(z.int()),
  cancelled: z.number().check(z.int()),
  /** Not settled yet: queued or running trainings, processing speech tasks. */
  running: z.number().check(z.int()),
  /** Committed training spend: completed trainings' `total_cost` plus running ones' `cost_estimate`. */
  training_cost: z.number(),
  /** The part of `training_cost` that is still an estimate (running trainings). */
  running_cost: z.number(),
  /** Image and video generations. */
  generations: z.number().check(z.int()),
  /** Synchronous and asynchronous speech requests, and the characters of their text. */
  speech_requests: z.number().check(z.int()),
  speech_characters: z.number().check(z.int()),
  extends: z.number().check(z.int()),
  uploads: z.number().check(z.int()),
  upload_bytes: z.number().check(z.int()),
  sandboxes: z.number().check(z.int()),
});
export type UsageMeasures = z.infer<typeof usageMeasuresSchema>;
export const usageMeasureNames = Object.keys(
  usageMeasuresSchema.shape,
) as readonly (keyof UsageMeasures)[];

export const usageRowSchema = z.extend(usageMeasuresSchema, {
  /** The period's first day (`day`, and `week`: weeks start on Monday) or its month (`2026-12`). */
  period: z.string(),
  /**
   * What the row is grouped by: a kind; a person's id (`''`: nobody signed in); or a person's
   * id and a token's name as `id/token` (`id/`: signed in through the browser).
   */
  group: z.string(),
  /** The group as people read it: "Voice training", "Alice", "ci (Alice)". */
  label: z.string(),
});
export type UsageRow = z.infer<typeof usageRowSchema>;

export const usageGroupSchema = z.extend(usageMeasuresSchema, {
  group: z.string(),
  label: z.string(),
});
export type UsageGroup = z.infer<typeof usageGroupSchema>;

/** One bar of a duration histogram: `[from_s, to_s)`, the last one open-ended. */
export const durationBucketSchema = z.object({
  from_s: z.number(),
  to_s: z.nullable(z.number()),
  count: z.number().check(z.int()),
});
export const durationDistributionSchema = z.object({
  count: z.number().check(z.int()),
  /** The median and 90th percentile, within the bucket they fall in (null with no job). */
  p50_s: z.nullable(z.number()),
  p90_s: z.nullable(z.number()),
  buckets: z.array(durationBucketSchema),
});
export type DurationDistribution = z.infer<typeof durationDistributionSchema>;

/** The histogram's edges, in seconds: the last bucket is "6 h or more". */
export const durationBucketEdges = [
  0, 10, 30, 60, 120, 300, 600, 1_800, 3_600, 7_200, 21_600,
] as const;

/** This month's spend, whatever period was asked. */
export const usageMonthSchema = z.object({
  /** `2026-12`. */
  month: z.string(),
  committed: z.number(),
  completed_cost: z.number(),
  running_cost: z.number(),
  /** Committed spend at the month's end at this month's pace so far. */
  forecast: z.number(),
  /** When the month's budgets start again (the next month's first instant, UTC). */
  resets_at: z.string(),
});
export type UsageMonth = z.infer<typeof usageMonthSchema>;

export const usageReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  group_by: z.enum(usageGroupings),
  by: z.enum(usageDimensions),
  /** Every period of the range in order, the empty ones too. */
  periods: z.array(z.string()),
  /** One row per period and group that has any job; periods and groups in order. */
  rows: z.array(usageRowSchema),
  /** Each group's sum over the range, most spent first (then most jobs). */
  groups: z.array(usageGroupSchema),
  totals: usageMeasuresSchema,
  /** The tools generations used most, most first (`auto` when none was named). */
  tools: z.array(
    z.object({ kind: historyKindSchema, tool: z.string(), count: z.number().check(z.int()) }),
  ),
  /** The voices speech used most, most first. */
  voices: z.array(
    z.object({
      voice_id: z.string(),
      requests: z.number().check(z.int()),
      characters: z.number().check(z.int()),
    }),
  ),
  /** Trainings started in the range: how long they waited in the queue, and then ran. */
  trainings: z.object({
    queue_wait: durationDistributionSchema,
    run_time: durationDistributionSchema,
  }),
  month: usageMonthSchema,
});
export type UsageReport = z.infer<typeof usageReportSchema>;
