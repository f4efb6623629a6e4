import { z } from './zod';
import { historyImportMaxEntries } from './history-limits';
import { historyKindSchema, historyStarterSchema, type HistoryKind } from './history-parts';
import { historyKinds, isTrainingKind, trainingHistoryKinds } from './history-kinds';
import { historySources } from './history-sources';
import { isTerminalTrainingStatus } from './training-statuses';

export {
  historyAudioPath,
  historyEntryPath,
  historyEventsPath,
  historyImportPath,
  historyPath,
  historyPeoplePath,
  historySourceHeader,
  startKeyHeader,
} from './history-paths';

export {
  historyKinds,
  isTrainingKind,
  trainingHistoryKinds,
  type TrainingHistoryKind,
} from './history-kinds';
export {
  historyKindSchema,
  historyStarterSchema,
  type HistoryKind,
  type HistoryStarter,
} from './history-parts';

export { firstWords } from './first-words';
export { historySources, type HistorySource } from './history-sources';
export { historyImportMaxEntries, startKeyMaxLength } from './history-limits';

/** A job the service answered 404 for: it will never change again. */
export const unknownHistoryStatus = 'unknown';

/** Kinds whose status moves after creation, so the gateway's poller follows them. */
export const polledHistoryKinds = [...trainingHistoryKinds, 'speech_async'] as const;

/**
 * Nothing more will change: a training job completed, failed or was cancelled; an async
 * speech task completed or failed; the service no longer knows the id; or the kind never
 * changes after creation (generations, uploads, sandboxes, synchronous speech).
 */
export function isSettledHistoryStatus(kind: HistoryKind, status: string): boolean {
  if (status === unknownHistoryStatus) return true;
  if (isTrainingKind(kind)) return isTerminalTrainingStatus(status);
  if (kind === 'speech_async') return status === 'completed' || status === 'failed';
  return true;
}

/** One status reading, as the job page charts it. */
export const historyReadingSchema = z.object({
  at: z.string(),
  status: z.string(),
  progress: z.optional(z.number()),
  current_step: z.optional(z.number()),
});
export type HistoryReading = z.infer<typeof historyReadingSchema>;

export const historyErrorSchema = z.object({ code: z.string(), message: z.string() });
export type HistoryError = z.infer<typeof historyErrorSchema>;

/** Where the result is: URLs and file ids, never the bytes themselves. */
export const historyResultSchema = z.looseObject({
  urls: z.array(z.string()),
  file_ids: z.array(z.string()),
  /** Bytes, when known. */
  size: z.optional(z.number()),
  /** Seconds, when known. */
  duration_s: z.optional(z.number()),
  content_type: z.optional(z.string()),
  format: z.optional(z.string()),
  sample_rate: z.optional(z.number()),
});
export type HistoryResult = z.infer<typeof historyResultSchema>;

export const historyEntrySchema = z.object({
  /** The task id, file id, sandbox id, or one the gateway made for a synchronous result. */
  id: z.string(),
  kind: historyKindSchema,
  /** Voice or LoRA name, file name, or the first words of the prompt or text. */
  name: z.string(),
  /** The request as sent (body fields only: never a key or a header). */
  params: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  /** The latest status: the service's own value, or `unknown` after a 404. */
  status: z.string(),
  /** The latest `data` the service returned for it (creation or status response). */
  latest: z.nullable(z.record(z.string(), z.unknown())),
  result: z.nullable(historyResultSchema),
  cost: z.nullable(z.number()),
  error: z.nullable(historyErrorSchema),
  source: z.enum(historySources),
  /** The service's trace id of the creation, when it gave one: what its support asks for. */
  trace_id: z.nullable(z.string()),
  /** How long the service took to answer the creation, as the gateway timed it. */
  elapsed_ms: z.nullable(z.number().check(z.int())),
  /** Null in open mode, and for entries imported or tracked by id (nobody started them here). */
  started_by: z.nullable(historyStarterSchema),
  /** True while a running job's progress has not moved for a long time (see the poller). */
  stalled: z.boolean(),
  /** How many readings were recorded; the first, the ETA's anchors and the last few come in `readings`. */
  reading_count: z.number().check(z.int()),
  /** The readings the board needs; `GET /api/history/{id}` returns all that are kept. */
  readings: z.array(historyReadingSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyLimitBounds = { min: 1, max: 200, default: 50 } as const;
/**
 * The list counts matching entries up to this many. Counting a whole filtered set of 100,000
 * rows costs far more than reading a page of it, and a person reads "1,000+" the same way.
 */
export const historyTotalCap = 1_000;

const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

/** Comma-separated list of one enum's values, as a URL carries it (`kind=voice,music_lora`). */
const csvOf = <T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z.optional(
    z.pipe(
      z.string(),
      z.transform((raw: string, ctx) => {
        const items = raw
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
        for (const item of items) {
          if (!(values as readonly string[]).includes(item)) {
            ctx.issues.push({
              code: 'custom',
              message: `${field} must be one of ${values.join(', ')} (got "${item}")`,
              input: raw,
            });
            return z.NEVER;
          }
        }
        return items as T[number][];
      }),
    ),
  );

/** Query of `GET /api/history`. */
export const historyQuerySchema = z.object({
  kind: csvOf(historyKinds, 'kind'),
  /** Comma-separated statuses, compared as given (the service's statuses are open-ended). */
  status: z.optional(
    z.pipe(
      z.string(),
      z.transform((raw: string) =>
        raw
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ),
  ),
  source: z.optional(z.enum(historySources, { error: 'source must be dashboard or client' })),
  /** A user id: only the entries that person started. */
  started_by: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1),
        z.maxLength(200, 'started_by must be at most 200 characters'),
      ),
  ),
  /** Searches the name, the prompt or text, the task id and the voice id. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, 'q must be at most 200 characters'))),
  created_after: z.optional(isoDate),
  created_before: z.optional(isoDate),
  cursor: z.optional(z.string()),
  limit: z._default(
    z.coerce
      .number({ error: 'limit must be a whole number' })
      .check(
        z.int('limit must be a whole number'),
        z.minimum(historyLimitBounds.min, `limit must be at least ${historyLimitBounds.min}`),
        z.maximum(historyLimitBounds.max, `limit must be at most ${historyLimitBounds.max}`),
      ),
    historyLimitBounds.default,
  ),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;
export type ParsedHistoryQuery = z.output<typeof historyQuerySchema>;

/** Per status over the whole filtered set, so a board shows totals beyond the loaded page. */
export const historyListSchema = z.object({
  entries: z.array(historyEntrySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.nullable(z.string()),
  /** How many entries match, counted up to `historyTotalCap`. */
  total: z.number().check(z.int()),
  /** False when the count stopped at the cap: there are more ("1,000+"). */
  total_exact: z.boolean(),
  /** A record the gateway failed to write since it started: shown to the user as a warning. */
  warning: z.nullable(z.string()),
  /**
   * The number of the history's last change as this page was read: the event stream opened with
   * it as `last_event_id` brings every change since, so what was read need not be read again.
   */
  seq: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type HistoryList = z.infer<typeof historyListSchema>;

/** Query of `GET /api/history/people`: the kinds to look at (every kind when left out). */
export const historyPeopleQuerySchema = z.object({ kind: csvOf(historyKinds, 'kind') });
export type HistoryPeopleQuery = z.input<typeof historyPeopleQuerySchema>;

export const historyPersonSchema = z.pick(historyStarterSchema, { id: true, name: true });
export type HistoryPerson = z.infer<typeof historyPersonSchema>;

/** Everyone who started an entry, by name (each with the name of their newest entry). */
export const historyPeopleSchema = z.object({ people: z.array(historyPersonSchema) });
export type HistoryPeople = z.infer<typeof historyPeopleSchema>;

/** A change pushed on the event stream. Each event's SSE id resumes the stream after it. */
export const historyEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('upsert'), entry: historyEntrySchema }),
  z.object({ type: z.literal('delete'), id: z.string() }),
  /** The stream could not resume from the given id: read the list again. */
  z.object({ type: z.literal('reset') }),
  /** Recording failed: the request went through, but the history may miss it. */
  z.object({ type: z.literal('warning'), message: z.string() }),
]);
export type HistoryEvent = z.infer<typeof historyEventSchema>;

/** One entry this browser kept before the history moved to the gateway. */
export const historyImportEntrySchema = z.extend(
  z.pick(historyEntrySchema, {
    id: true,
    kind: true,
    name: true,
    params: true,
    created_at: true,
    status: true,
    latest: true,
    result: true,
    cost: true,
    error: true,
    readings: true,
  }),
  {
    /** A synchronous speech take's audio, base64, when the browser kept the bytes. */
    audio_base64: z.optional(z.string()),
    audio_content_type: z.optional(z.string()),
  },
);
export type HistoryImportEntry = z.infer<typeof historyImportEntrySchema>;

export const historyImportRequestSchema = z.object({
  /** Only say which ids would be imported: nothing is written. */
  dry_run: z.optional(z.boolean()),
  entries: z
    .array(historyImportEntrySchema)
    .check(
      z.maxLength(
        historyImportMaxEntries,
        `entries must hold at most ${historyImportMaxEntries} items`,
      ),
    ),
});
export type HistoryImportRequest = z.infer<typeof historyImportRequestSchema>;

export const historyImportResponseSchema = z.object({
  /** Ids stored now (or, in a dry run, that would be). */
  imported: z.array(z.string()),
  /** Ids the gateway already had: importing twice creates nothing. */
  skipped: z.array(z.string()),
});
export type HistoryImportResponse = z.infer<typeof historyImportResponseSchema>;
