import {
  notificationJobSchema,
  type Inbox,
  type InboxItem,
  type NotificationJob,
} from '../../src/api/contract/notifications';
import { budgetReachedType, usagePagePath } from '../../src/api/contract/usage-paths';
import type { SqlExecutor } from '../db/sql-db';
import { eventTitle } from './event-text';
import { ownerKey, type Viewer } from './viewer';

export interface NoticeRow {
  seq: number;
  id: string;
  type: string;
  entry_id: string | null;
  owner_id: string | null;
  at: string;
  data_json: string;
}

/** An inbox looks back this far: older news is not "since you last looked". */
const lookBackMs = 30 * 24 * 60 * 60_000;

/** The job a notice tells of, when it tells of one. */
export function jobOfNotice(
  row: Pick<NoticeRow, 'entry_id' | 'data_json'>,
): NotificationJob | null {
  if (row.entry_id === null) return null;
  const parsed = notificationJobSchema.safeParse(JSON.parse(row.data_json));
  return parsed.success ? parsed.data : null;
}

/** Where a notice leads: its job's page, the usage page for a budget, or Settings for a webhook. */
function urlOf(row: NoticeRow, job: NotificationJob | null): string {
  if (job) return job.url;
  if (row.type === budgetReachedType) return usagePagePath;
  return '/settings';
}

/**
 * Which notices a person's inbox shows. `mine`: what concerns them (their jobs, their
 * webhooks). `everyone`: every job's news as well. In open mode there is one inbox for all.
 */
function scopeSql(viewer: Viewer, scope: 'mine' | 'everyone') {
  if (viewer.id === null) return { where: '1 = 1', params: [] as string[] };
  // News of no job and no one (the team's budget) concerns everyone.
  const team = '(entry_id IS NULL AND owner_id IS NULL)';
  if (scope === 'mine') return { where: `(owner_id = ? OR ${team})`, params: [viewer.id] };
  return { where: `(entry_id IS NOT NULL OR owner_id = ? OR ${team})`, params: [viewer.id] };
}

/**
 * Each person's inbox, kept by the gateway so every device agrees: what finished since they
 * last looked. Read state is a mark (everything up to a notice) and the notices read one by
 * one after it.
 */
export function inboxStore(db: SqlExecutor, clock: () => number = Date.now) {
  const since = () => new Date(clock() - lookBackMs).toISOString();
  const markOf = async (key: string) =>
    (
      await db.get<{ read_through: number }>(
        'SELECT read_through FROM inbox_marks WHERE owner_key = ?',
        [key],
      )
    )?.read_through ?? 0;

  return {
    async list(viewer: Viewer, scope: 'mine' | 'everyone', limit: number): Promise<Inbox> {
      const key = ownerKey(viewer);
      const { where, params } = scopeSql(viewer, scope);
      const mark = await markOf(key);
      const rows = await db.all<NoticeRow & { read_one: number | null }>(
        `SELECT n.*, r.notice_seq AS read_one FROM notices n
         LEFT JOIN inbox_reads r ON r.owner_key = ? AND r.notice_seq = n.seq
         WHERE ${where} AND n.at >= ? ORDER BY n.seq DESC LIMIT ?`,
        [key, ...params, since(), limit],
      );
      const unread = await db.get<{ count: number }>(
        `SELECT count(*) AS count FROM notices n
         WHERE ${where} AND n.at >= ? AND n.seq > ?
           AND NOT EXISTS (SELECT 1 FROM inbox_reads r WHERE r.owner_key = ? AND r.notice_seq = n.seq)`,
        [...params, since(), mark, key],
      );
      const items = rows.map((row): InboxItem => {
        const job = jobOfNotice(row);
        return {
          id: row.id,
          type: row.type,
          title: eventTitle(row.type, job, JSON.parse(row.data_json)),
          at: row.at,
          job,
          url: urlOf(row, job),
          read: row.seq <= mark || row.read_one !== null,
        };
      });
      return { items, unread: Number(unread?.count ?? 0) };
    },

    /** Marks the notices with these ids read, or all of them up to now. */
    async markRead(viewer: Viewer, read: { ids?: string[]; all?: boolean }): Promise<void> {
      const key = ownerKey(viewer);
      if (read.all) {
        const newest = await db.get<{ seq: number | null }>('SELECT max(seq) AS seq FROM notices');
        const through = Number(newest?.seq ?? 0);
        await db.run(
          `INSERT INTO inbox_marks (owner_key, read_through) VALUES (?, ?)
           ON CONFLICT (owner_key) DO UPDATE SET read_through = excluded.read_through
           WHERE inbox_marks.read_through < excluded.read_through`,
          [key, through],
        );
        await db.run('DELETE FROM inbox_reads WHERE owner_key = ? AND notice_seq <= ?', [
          key,
          through,
        ]);
        return;
      }
      for (const id of read.ids ?? []) {
        const notice = await db.get<{ seq: number }>('SELECT seq FROM notices WHERE id = ?', [id]);
        if (!notice) continue;
        await db.run(
          'INSERT INTO inbox_reads (owner_key, notice_seq) VALUES (?, ?) ON CONFLICT DO NOTHING',
          [key, notice.seq],
        );
      }
    },

    /** Forgets notices past the look-back (and the marks of them) once delivered. */
    async prune(): Promise<number> {
      const old = await db.all<{ seq: number }>(
        `SELECT seq FROM notices WHERE at < ? AND seq <= (SELECT value FROM meta WHERE key = 'notices_fanned_through')`,
        [since()],
      );
      for (const { seq } of old) {
        await db.run('DELETE FROM inbox_reads WHERE notice_seq = ?', [seq]);
        await db.run('DELETE FROM notices WHERE seq = ?', [seq]);
      }
      return old.length;
    },
  };
}

export type InboxStore = ReturnType<typeof inboxStore>;
