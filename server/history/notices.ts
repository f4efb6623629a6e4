import { randomBytes } from 'node:crypto';
import { isTrainingKind, type HistoryEntry } from '../../src/api/contract/history';
import { jobPagePath } from '../../src/api/contract/notification-paths';
import type { NotificationEventType, NotificationJob } from '../../src/api/contract/notifications';
import type { SqlExecutor } from '../db/sql-db';

/** What an entry was before a write: enough to tell a job that just ended from one that had. */
export interface EntryBefore {
  settled: boolean;
  stalled: boolean;
}

/**
 * What the change from `before` to `after` tells, if anything. A new entry (`before` null)
 * tells only when it is a generation: its result came with the answer. Imports never tell: they
 * are old news. A cancel is not told: whoever cancelled knows.
 */
export function noticeTypeOf(
  before: EntryBefore | null,
  after: HistoryEntry,
): NotificationEventType | null {
  if (before === null) {
    if (after.kind !== 'image' && after.kind !== 'video') return null;
    return after.error || after.status === 'failed' ? 'generation.failed' : 'generation.completed';
  }
  if (isTrainingKind(after.kind)) {
    if (!before.settled && after.status === 'completed') return 'training.completed';
    if (!before.settled && after.status === 'failed') return 'training.failed';
    if (!before.stalled && after.stalled) return 'training.stalled';
    return null;
  }
  if (after.kind === 'speech_async' && !before.settled) {
    if (after.status === 'completed') return 'speech.completed';
    if (after.status === 'failed') return 'speech.failed';
  }
  return null;
}

/** The job as an event tells it (its page a path: the sender makes it absolute). */
export function jobOf(entry: HistoryEntry): NotificationJob {
  const seconds = (Date.parse(entry.updated_at) - Date.parse(entry.created_at)) / 1000;
  return {
    id: entry.id,
    kind: entry.kind,
    name: entry.name,
    status: entry.stalled ? 'stalled' : entry.status,
    result_urls: entry.result?.urls ?? [],
    cost: entry.cost,
    error: entry.error,
    created_at: entry.created_at,
    updated_at: entry.updated_at,
    duration_s: Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds) : null,
    started_by: entry.started_by,
    url: jobPagePath(entry.kind, entry.id),
  };
}

/** A message id as Standard Webhooks shows them: the same on every attempt of one event. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** Inside the writer's transaction: the notice goes with the change or not at all. */
export async function writeNotice(
  tx: SqlExecutor,
  type: string,
  at: string,
  data: Record<string, unknown>,
  about: { entryId: string | null; ownerId: string | null },
): Promise<void> {
  await tx.run(
    'INSERT INTO notices (id, type, entry_id, owner_id, at, data_json) VALUES (?, ?, ?, ?, ?, ?)',
    [newMessageId(), type, about.entryId, about.ownerId, at, JSON.stringify(data)],
  );
}

/** Writes the notice the change from `before` to `after` tells, if any. */
export async function noticeChange(
  tx: SqlExecutor,
  before: EntryBefore | null,
  after: HistoryEntry,
): Promise<void> {
  const type = noticeTypeOf(before, after);
  if (!type) return;
  await writeNotice(tx, type, after.updated_at, jobOf(after), {
    entryId: after.id,
    ownerId: after.started_by?.id ?? null,
  });
}
