import { randomBytes } from 'node:crypto';
import type { DeliveryAttempt, WebhookDelivery } from '../../src/api/contract/notifications';
import type { SqlDb, SqlExecutor } from '../db/sql-db';

export type Channel = 'webhook' | 'push';
export type Origin = WebhookDelivery['origin'];

/** One message to one target, waiting or done: a row of the queue. */
export interface DeliveryRow {
  id: string;
  channel: Channel;
  target_id: string;
  notice_id: string | null;
  message_id: string;
  event_type: string;
  entry_id: string | null;
  origin: Origin;
  payload_json: string;
  status: WebhookDelivery['status'];
  attempt_count: number;
  created_at: string;
  first_attempt_at: string | null;
  next_attempt_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
}

export interface NewDelivery {
  channel: Channel;
  targetId: string;
  noticeId: string | null;
  messageId: string;
  eventType: string;
  entryId: string | null;
  origin: Origin;
  payload: unknown;
}

interface AttemptRow {
  delivery_id: string;
  n: number;
  at: string;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string;
  error: string | null;
}

const newDeliveryId = () => `dlv_${randomBytes(12).toString('base64url')}`;

/**
 * The queue every message leaves through, in the gateway's database: a restart, a kill -9 or a
 * replica lost between two attempts loses nothing, and each attempt is made by the one process
 * that claimed it. Times are ISO 8601 UTC text, so text order is time order.
 */
export function deliveryQueue(db: SqlDb, clock: () => number = Date.now) {
  const iso = (ms = clock()) => new Date(ms).toISOString();

  return {
    /**
     * Queues a message, due now. A notice's delivery to one target is queued once, whoever
     * asks twice (a fan-out repeated after a crash): false when it already was.
     */
    async enqueue(delivery: NewDelivery, on: SqlExecutor = db): Promise<string | null> {
      const id = newDeliveryId();
      const now = iso();
      const result = await on.run(
        `INSERT INTO deliveries (id, channel, target_id, notice_id, message_id, event_type,
          entry_id, origin, payload_json, status, created_at, next_attempt_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) ON CONFLICT DO NOTHING`,
        [
          id,
          delivery.channel,
          delivery.targetId,
          delivery.noticeId,
          delivery.messageId,
          delivery.eventType,
          delivery.entryId,
          delivery.origin,
          JSON.stringify(delivery.payload),
          now,
          now,
        ],
      );
      return result.changes > 0 ? id : null;
    },

    /**
     * Claims up to `limit` due deliveries for `worker` until `leaseMs` from now. A claim is a
     * compare-and-set on the row: of two replicas reaching for one delivery, one gets it. A
     * worker that dies holding a claim lets it lapse, and another takes the delivery then.
     * Deliveries to a paused webhook wait for it to resume.
     */
    async claimDue(worker: string, leaseMs: number, limit: number): Promise<DeliveryRow[]> {
      const now = iso();
      const due = await db.all<{ id: string }>(
        `SELECT d.id FROM deliveries d
         WHERE d.status = 'pending' AND d.next_attempt_at <= ?
           AND (d.claimed_until IS NULL OR d.claimed_until < ?)
           AND NOT EXISTS (SELECT 1 FROM webhooks w
             WHERE d.channel = 'webhook' AND w.id = d.target_id AND w.status = 'paused')
         ORDER BY d.next_attempt_at LIMIT ?`,
        [now, now, limit],
      );
      const claimed: DeliveryRow[] = [];
      for (const { id } of due) {
        const result = await db.run(
          `UPDATE deliveries SET claimed_by = ?, claimed_until = ?
           WHERE id = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < ?)`,
          [worker, iso(clock() + leaseMs), id, now],
        );
        if (result.changes === 0) continue;
        const row = await db.get<DeliveryRow>('SELECT * FROM deliveries WHERE id = ?', [id]);
        if (row) claimed.push(row);
      }
      return claimed;
    },

    /**
     * Keeps one attempt and what follows it: `next` is when to try again (pending), or null
     * when the delivery is done (`succeeded` or `failed`). The claim ends with it.
     */
    async settleAttempt(
      row: DeliveryRow,
      attempt: DeliveryAttempt,
      outcome: { status: WebhookDelivery['status']; next: number | null },
    ): Promise<void> {
      const n = row.attempt_count + 1;
      // One transaction: a crash keeps the attempt and what follows it, or neither.
      await db.transaction(async (tx) => {
        const settled = await tx.run(
          `UPDATE deliveries SET status = ?, attempt_count = ?, first_attempt_at = ?,
            next_attempt_at = ?, claimed_by = NULL, claimed_until = NULL
           WHERE id = ? AND claimed_by = ?`,
          [
            outcome.status,
            n,
            row.first_attempt_at ?? attempt.at,
            outcome.next === null ? null : iso(outcome.next),
            row.id,
            row.claimed_by,
          ],
        );
        // A worker whose claim lapsed and was taken over keeps nothing: its attempt's number
        // is the new claimant's, and the log shows the attempt that settled the delivery.
        if (settled.changes === 0) return;
        await tx.run(
          `INSERT INTO delivery_attempts (delivery_id, n, at, status_code, duration_ms,
            response_excerpt, error) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
          [
            row.id,
            n,
            attempt.at,
            attempt.status_code,
            attempt.duration_ms,
            attempt.response_excerpt,
            attempt.error,
          ],
        );
      });
    },

    /**
     * Lets go of every claim: for the one process on SQLite at its start, where a claim left
     * is one a crash left (with replicas, a claim lapses when its lease ends).
     */
    async releaseClaims(): Promise<void> {
      await db.run(
        "UPDATE deliveries SET claimed_by = NULL, claimed_until = NULL WHERE status = 'pending' AND claimed_by IS NOT NULL",
      );
    },

    /** Ends a delivery that can no longer be made (its target was removed). */
    async abandon(row: DeliveryRow, reason: string): Promise<void> {
      await this.settleAttempt(
        row,
        {
          at: iso(),
          status_code: null,
          duration_ms: 0,
          response_excerpt: '',
          error: reason,
        },
        { status: 'failed', next: null },
      );
    },

    /** How many deliveries wait, due or not. */
    async pendingCount(): Promise<number> {
      const row = await db.get<{ count: number }>(
        "SELECT count(*) AS count FROM deliveries WHERE status = 'pending'",
      );
      return Number(row?.count ?? 0);
    },

    /** When the next pending delivery is due (ms), or null when none waits. */
    async nextDue(): Promise<number | null> {
      const row = await db.get<{ at: string | null }>(
        "SELECT min(next_attempt_at) AS at FROM deliveries WHERE status = 'pending'",
      );
      return row?.at ? Date.parse(row.at) : null;
    },

    async get(id: string): Promise<DeliveryRow | null> {
      return (await db.get<DeliveryRow>('SELECT * FROM deliveries WHERE id = ?', [id])) ?? null;
    },

    /** A webhook's newest deliveries, each with its attempts. */
    async listFor(targetId: string, limit: number): Promise<WebhookDelivery[]> {
      const rows = await db.all<DeliveryRow>(
        `SELECT * FROM deliveries WHERE channel = 'webhook' AND target_id = ?
         ORDER BY created_at DESC, id DESC LIMIT ?`,
        [targetId, limit],
      );
      if (rows.length === 0) return [];
      const attempts = await db.all<AttemptRow>(
        `SELECT * FROM delivery_attempts WHERE delivery_id IN (${rows.map(() => '?').join(', ')})
         ORDER BY delivery_id, n`,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toDelivery(row, attempts));
    },

    /** The same message sent again to the same target, due now: the same `webhook-id`. */
    async redeliver(row: DeliveryRow): Promise<string> {
      const id = newDeliveryId();
      const now = iso();
      await db.run(
        `INSERT INTO deliveries (id, channel, target_id, notice_id, message_id, event_type,
          entry_id, origin, payload_json, status, created_at, next_attempt_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'redelivery', ?, 'pending', ?, ?)`,
        [
          id,
          row.channel,
          row.target_id,
          row.notice_id,
          row.message_id,
          row.event_type,
          row.entry_id,
          row.payload_json,
          now,
          now,
        ],
      );
      return id;
    },

    /** Forgets settled deliveries older than `before`, with their attempts. */
    async prune(before: string): Promise<number> {
      const old = await db.all<{ id: string }>(
        "SELECT id FROM deliveries WHERE status <> 'pending' AND created_at < ?",
        [before],
      );
      for (const { id } of old) {
        await db.run('DELETE FROM delivery_attempts WHERE delivery_id = ?', [id]);
        await db.run('DELETE FROM deliveries WHERE id = ?', [id]);
      }
      return old.length;
    },
  };
}

export type DeliveryQueue = ReturnType<typeof deliveryQueue>;

export function toDelivery(row: DeliveryRow, attempts: readonly AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.message_id,
    event_type: row.event_type,
    entry_id: row.entry_id,
    origin: row.origin,
    status: row.status,
    created_at: row.created_at,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        at: attempt.at,
        status_code: attempt.status_code,
        duration_ms: attempt.duration_ms,
        response_excerpt: attempt.response_excerpt,
        error: attempt.error,
      })),
  };
}
