import { randomBytes } from 'node:crypto';
import {
  notificationJobSchema,
  webhookPausedType,
  type DeliveryAttempt,
  type NotificationEvent,
  type PushMessage,
} from '../../src/api/contract/notifications';
import type { SqlDb } from '../db/sql-db';
import { changeLog } from '../history/change-log';
import { writeNotice } from '../history/notices';
import type { Logger } from '../logger';
import type { DeliveryQueue, DeliveryRow } from './delivery-queue';
import { budgetReachedType, usagePagePath } from '../../src/api/contract/usage-paths';
import { eventSummary, eventTitle } from './event-text';
import { postJson, type PostOutcome } from './post-json';
import type { PushDevices } from './push-devices';
import {
  nextAttemptAt,
  pauseAfterFailingMs,
  retrySchedule,
  type RetrySchedule,
} from './retry-schedule';
import { safeDispatcher, type TargetPolicy } from './safe-target';
import { webhookHeaders } from './signature';
import { webhookBody } from './webhook-body';
import { sendPush, type PushOutcome, type VapidKeys } from './web-push';
import type { WebhookStore } from './webhook-store';

export interface DeliveryWorkerOptions {
  db: SqlDb;
  queue: DeliveryQueue;
  webhooks: WebhookStore;
  devices: PushDevices;
  policy: TargetPolicy;
  vapid: () => Promise<VapidKeys>;
  vapidSubject: string;
  logger: Logger;
  schedule?: RetrySchedule;
  /** How long a claim holds: well over an attempt (10 s), short enough to recover soon. */
  leaseMs?: number;
  clock?: () => number;
  /** Sends one webhook attempt (tests give the real one a shorter timeout). */
  post?: typeof postJson;
  /** Told how each attempt ended (the gateway's metrics). */
  onAttempt?: (channel: 'webhook' | 'push', outcome: 'succeeded' | 'retrying' | 'failed') => void;
}

/** Deliveries made at once by one process: a slow receiver does not hold up the others. */
const parallel = 8;

/** The push a device shows for an event: a title, a line, and the page a click opens. */
export function pushMessageOf(event: NotificationEvent): PushMessage {
  const parsed = notificationJobSchema.safeParse(event.data);
  const job = parsed.success ? parsed.data : null;
  const { message } = event.data as { message?: unknown };
  const budget = event.type === budgetReachedType;
  return {
    title: eventTitle(event.type, job, event.data),
    body: job
      ? eventSummary(job)
      : typeof message === 'string'
        ? message
        : budget
          ? 'Open Usage for who spent what'
          : 'Media Studio',
    // A path: the service worker opens only its own site's pages.
    url: job ? new URL(job.url, 'http://x').pathname : budget ? usagePagePath : '/settings',
    tag: job?.id ?? event.type,
  };
}

const attemptOf = (at: string, outcome: PostOutcome | PushOutcome): DeliveryAttempt => ({
  at,
  status_code: outcome.status_code,
  duration_ms: outcome.duration_ms,
  response_excerpt: outcome.response_excerpt,
  error: outcome.error,
});

/**
 * Makes the queue's deliveries: claims what is due, sends it, keeps the attempt, and schedules
 * the retry (exponential, with jitter, for a day). Any replica may run one: a claim in the
 * database makes each attempt one process's. A webhook failing for three days is paused and
 * its owner told.
 */
export function deliveryWorker(options: DeliveryWorkerOptions) {
  const { queue, webhooks, devices, logger } = options;
  const clock = options.clock ?? Date.now;
  const schedule = options.schedule ?? retrySchedule;
  const leaseMs = options.leaseMs ?? 30_000;
  const post = options.post ?? postJson;
  const worker = `w_${randomBytes(6).toString('hex')}`;
  const counted = (channel: 'webhook' | 'push', status: 'succeeded' | 'pending' | 'failed') =>
    options.onAttempt?.(channel, status === 'pending' ? 'retrying' : status);
  const pushDispatcher = safeDispatcher(options.policy);
  const iso = (ms: number) => new Date(ms).toISOString();

  /** After a failed attempt: when to retry, or null when the day is over. */
  const retryAt = (row: DeliveryRow, at: number) =>
    nextAttemptAt(
      row.attempt_count + 1,
      row.first_attempt_at ? Date.parse(row.first_attempt_at) : at,
      at,
      schedule,
    );

  async function pauseIfFailingLong(webhookId: string, at: string) {
    const since = await webhooks.failed(webhookId, at);
    if (Date.parse(at) - Date.parse(since) < pauseAfterFailingMs) return;
    const reason = `Every delivery has failed since ${since}`;
    if (!(await webhooks.pause(webhookId, reason))) return;
    const target = await webhooks.target(webhookId);
    logger.warn('notify: a webhook failing for days was paused', { webhook: webhookId });
    // Its owner is told in their inbox and on their devices, as of a job.
    await options.db.transaction(async (tx) => {
      await changeLog(tx).lock(tx);
      await writeNotice(
        tx,
        webhookPausedType,
        at,
        { webhook_id: webhookId, url: target?.url ?? '', message: reason },
        { entryId: null, ownerId: target?.ownerId ?? null },
      );
    });
  }

  async function deliverWebhook(row: DeliveryRow) {
    const target = await webhooks.target(row.target_id);
    if (!target) return queue.abandon(row, 'The webhook was removed');
    const event = JSON.parse(row.payload_json) as NotificationEvent;
    const body = webhookBody(target.format, event);
    const startedAt = clock();
    const headers = webhookHeaders(
      target.secrets,
      row.message_id,
      Math.floor(startedAt / 1000),
      body,
    );
    const outcome = await post(target.url, body, headers, { policy: options.policy });
    const at = iso(startedAt);
    if (outcome.ok) {
      await queue.settleAttempt(row, attemptOf(at, outcome), { status: 'succeeded', next: null });
      counted('webhook', 'succeeded');
      await webhooks.succeeded(target.id);
      return;
    }
    const next = retryAt(row, startedAt);
    await queue.settleAttempt(row, attemptOf(at, outcome), {
      status: next === null ? 'failed' : 'pending',
      next,
    });
    counted('webhook', next === null ? 'failed' : 'pending');
    // A test is sent by hand to see what happens: it does not start the clock that pauses.
    if (row.origin !== 'test') await pauseIfFailingLong(target.id, at);
  }

  async function deliverPush(row: DeliveryRow) {
    const device = await devices.target(row.target_id);
    if (!device) return queue.abandon(row, 'The device was removed');
    const event = JSON.parse(row.payload_json) as NotificationEvent;
    const startedAt = clock();
    const outcome = await sendPush(device, pushMessageOf(event), {
      vapid: await options.vapid(),
      subject: options.vapidSubject,
      // The endpoint came from a browser: it is held to the rules of a webhook's URL.
      dispatcher: pushDispatcher,
    });
    const at = iso(startedAt);
    if (outcome.ok) {
      await queue.settleAttempt(row, attemptOf(at, outcome), { status: 'succeeded', next: null });
      counted('push', 'succeeded');
      await devices.pushed(device.id);
      return;
    }
    if (outcome.gone) {
      // The browser dropped the subscription: nothing will ever reach it again.
      await queue.settleAttempt(row, attemptOf(at, outcome), { status: 'failed', next: null });
      counted('push', 'failed');
      await devices.forget(device.id);
      return;
    }
    const next = retryAt(row, startedAt);
    await queue.settleAttempt(row, attemptOf(at, outcome), {
      status: next === null ? 'failed' : 'pending',
      next,
    });
    counted('push', next === null ? 'failed' : 'pending');
  }

  async function deliver(row: DeliveryRow) {
    try {
      await (row.channel === 'webhook' ? deliverWebhook(row) : deliverPush(row));
    } catch (error) {
      // The claim lapses and another pass tries again.
      logger.error('notify: a delivery failed to run', {
        delivery: row.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  return {
    /** Claims and makes what is due; true when more may be waiting. */
    async runOnce(): Promise<boolean> {
      const claimed = await queue.claimDue(worker, leaseMs, parallel);
      await Promise.all(claimed.map(deliver));
      return claimed.length === parallel;
    },
  };
}

export type DeliveryWorker = ReturnType<typeof deliveryWorker>;
