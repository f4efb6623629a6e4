import { z } from './zod';
import { historyKindSchema, historyStarterSchema } from './history-parts';

/*
 * The inbox of the gateway's notifications (server/notify): a module apart from the webhooks'
 * and push's schemas, which only Settings reads, so that the bell every page shows builds
 * only these.
 */

/**
 * What an event tells of a job: its history entry's main fields, who started it, and where
 * its page is.
 */
export const notificationJobSchema = z.object({
  id: z.string(),
  kind: historyKindSchema,
  name: z.string(),
  status: z.string(),
  result_urls: z.array(z.string()),
  cost: z.nullable(z.number()),
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
  created_at: z.string(),
  /** When it settled or stalled: the event's moment. */
  updated_at: z.string(),
  /** Seconds from creation to this event. */
  duration_s: z.nullable(z.number()),
  started_by: z.nullable(historyStarterSchema),
  /** The job's page on the dashboard (absolute when the gateway knows its public URL). */
  url: z.string(),
});
export type NotificationJob = z.infer<typeof notificationJobSchema>;

export const inboxScopes = ['mine', 'everyone'] as const;
export const inboxQuerySchema = z.object({
  scope: z._default(z.enum(inboxScopes, { error: 'scope must be mine or everyone' }), 'mine'),
  limit: z._default(
    z.coerce
      .number({ error: 'limit must be a whole number' })
      .check(
        z.int('limit must be a whole number'),
        z.minimum(1, 'limit must be at least 1'),
        z.maximum(100, 'limit must be at most 100'),
      ),
    30,
  ),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  /** One line a person reads: "Training my_voice completed". */
  title: z.string(),
  at: z.string(),
  /** The job it tells of; null for a notice about a webhook. */
  job: z.nullable(notificationJobSchema),
  /** Where a click goes (a path on the dashboard). */
  url: z.string(),
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxSchema = z.object({
  items: z.array(inboxItemSchema),
  /** Unread items in this scope (not only those listed). */
  unread: z.number().check(z.int()),
});
export type Inbox = z.infer<typeof inboxSchema>;

/** `POST /api/inbox/read`: some items by id, or every item up to now. */
export const inboxReadSchema = z
  .object({
    ids: z.optional(z.array(z.string()).check(z.maxLength(200, 'ids must list at most 200 items'))),
    all: z.optional(z.boolean()),
  })
  .check(
    z.refine((body) => body.all === true || (body.ids?.length ?? 0) > 0, {
      message: 'Give ids to mark, or all: true',
    }),
  );
export type InboxRead = z.infer<typeof inboxReadSchema>;
