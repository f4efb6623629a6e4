import type { NotificationEvent } from '../../src/api/contract/notifications';
import type { SqlDb } from '../db/sql-db';
import type { DeliveryQueue } from './delivery-queue';
import { jobOfNotice, type NoticeRow } from './inbox';
import type { PushDevices } from './push-devices';
import type { WebhookStore } from './webhook-store';

/** Notices turned into deliveries per transaction: a backlog drains in steps, not one long lock. */
const batch = 200;

export interface FanOutOptions {
  db: SqlDb;
  webhooks: WebhookStore;
  devices: PushDevices;
  queue: DeliveryQueue;
  /** Where people open the dashboard: an event's link is absolute. */
  publicUrl: () => string;
  /** Nobody signs in: every device is told of every job. */
  openMode: boolean;
}

/** The event a notice tells, as a `standard` webhook sends it: `{ type, timestamp, data }`. */
export function eventOf(row: NoticeRow, publicUrl: string): NotificationEvent {
  const job = jobOfNotice(row);
  const data = job
    ? { ...job, url: new URL(job.url, publicUrl).toString() }
    : (JSON.parse(row.data_json) as Record<string, unknown>);
  return { type: row.type, timestamp: row.at, data };
}

/**
 * Turns each new notice into one delivery per target: the webhooks that asked for its type
 * (a personal one only for its owner's jobs), and the devices of the person it concerns. The
 * deliveries and the mark of how far it got are one transaction; a delivery already queued
 * for a notice is not queued again, so running twice (a crash between) sends nothing twice.
 */
export function fanOut(options: FanOutOptions) {
  const { db, webhooks, devices, queue } = options;
  return async function run(): Promise<number> {
    return db.transaction(async (tx) => {
      const mark = await tx.get<{ value: number }>(
        "SELECT value FROM meta WHERE key = 'notices_fanned_through'",
      );
      const through = Number(mark?.value ?? 0);
      const rows = await tx.all<NoticeRow>(
        'SELECT * FROM notices WHERE seq > ? ORDER BY seq LIMIT ?',
        [through, batch],
      );
      for (const row of rows) {
        const event = eventOf(row, options.publicUrl());
        const common = {
          noticeId: row.id,
          messageId: row.id,
          eventType: row.type,
          entryId: row.entry_id,
          origin: 'event' as const,
          payload: event,
        };
        for (const webhook of await webhooks.targetsOf(row.type, row.owner_id, tx))
          await queue.enqueue({ ...common, channel: 'webhook', targetId: webhook.id }, tx);
        const owner = options.openMode ? '' : row.owner_id;
        if (owner === null) continue;
        for (const id of await devices.idsOf(owner, tx))
          await queue.enqueue({ ...common, channel: 'push', targetId: id }, tx);
      }
      const last = rows.at(-1);
      if (last)
        await tx.run(
          "UPDATE meta SET value = ? WHERE key = 'notices_fanned_through' AND value < ?",
          [last.seq, last.seq],
        );
      return rows.length;
    });
  };
}
